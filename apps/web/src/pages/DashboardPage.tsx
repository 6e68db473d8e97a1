import { PlusOutlined } from '@ant-design/icons';
import { endpoints, localActionName, type EndpointResponse } from '@qualis/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Empty, Result, Row, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../shared/api';
import { formatDate, formatMonthDay } from '../shared/dates';
import { PageHeader } from '../components/PageHeader';
import { fullName, UserAvatar } from '../components/UserAvatar';
import { useAccessFlags } from '../features/access/access.api';
import { useSessionUser } from '../features/session/useSession';
import { OverdueReviewsCard } from '../features/periodic-review/OverdueReviewsCard';
import { AwaitingTrainingCard } from '../features/documents/AwaitingTrainingCard';

type DashboardEndpoint = (typeof endpoints.dashboard)[keyof typeof endpoints.dashboard];

/** One dashboard call; refreshed with the notifications when new work arrives (live-notifications.ts). */
function useDashboard<E extends DashboardEndpoint>(organizationId: string, endpoint: E) {
  return useQuery({
    queryKey: ['dashboard', organizationId, endpoint.path],
    queryFn: ({ signal }) =>
      api.call(endpoint as DashboardEndpoint, { query: { organizationId }, signal }) as Promise<EndpointResponse<E>>,
    select: (answer) => answer.data as EndpointResponse<E>['data'],
  });
}

interface Entry {
  key: string;
  to: string;
  title: ReactNode;
  detail?: ReactNode;
}

/** A card's entries, or its loading, error (with Retry) and empty states. */
function Entries({
  query,
  entries,
  empty,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  entries: Entry[];
  empty: string;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Spin className="qualis-dashboard__state" />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        subTitle={t('dashboard.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('table.retry')}</Button>}
      />
    );
  }
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ul className="qualis-dashboard__entries">
      {entries.map((entry) => (
        <li key={entry.key}>
          <Link to={entry.to}>{entry.title}</Link>
          {entry.detail && <Typography.Text type="secondary">{entry.detail}</Typography.Text>}
        </li>
      ))}
    </ul>
  );
}

/** 'View all' to the area's list. */
function ViewAll({ area, base }: { area: 'tasks' | 'training-records' | 'documents'; base: string }) {
  const { t } = useTranslation();
  return <Link to={`${base}/${area}`}>{t('dashboard.viewAll')}</Link>;
}

function CardTitle({ title, count }: { title: string; count: number | undefined }) {
  return (
    <Space>
      {title}
      {count !== undefined && <Badge count={count} showZero color="#1f5fd1" />}
    </Space>
  );
}

/**
 * The organization's dashboard (spec 03 section 2): who is signed in, quick buttons to add, and
 * the person's open work: actions to do, training to pass, documents to review and to approve.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const { flags } = useAccessFlags(organizationId);
  const base = `/organizations/${organizationId}`;

  const counters = useDashboard(organizationId, endpoints.dashboard.counters);
  // The documents card opens on the tab with work in it: To approve when nothing waits for review.
  const [chosenDocumentsTab, setDocumentsTab] = useState<string>();
  const onlyApprovals = counters.data?.documentsToReview === 0 && (counters.data?.documentsToApprove ?? 0) > 0;
  const documentsTab = chosenDocumentsTab ?? (onlyApprovals ? 'approve' : 'review');
  const actions = useDashboard(organizationId, endpoints.dashboard.actions);
  const trainings = useDashboard(organizationId, endpoints.dashboard.trainings);
  const toReview = useDashboard(organizationId, endpoints.dashboard.documentsToReview);
  const toApprove = useDashboard(organizationId, endpoints.dashboard.documentsToApprove);

  const actionEntries = (actions.data ?? []).map((a) => ({
    key: a.id,
    to: `${base}/tasks/${a.id}`,
    title: localActionName(a, i18n.language),
    detail: t('dashboard.due', { date: formatDate(a.dueDate, i18n.language) }),
  }));
  const trainingEntries = (trainings.data ?? []).map((r) => ({
    key: r.id,
    to: `${base}/training-records/${r.id}`,
    title: `#${r.number} ${r.name}`,
    detail: t('dashboard.due', { date: formatMonthDay(r.dueDate, i18n.language) }),
  }));
  const documentEntries = (data: typeof toReview.data) =>
    (data ?? []).map((d) => ({
      key: `${d.id}-${d.revision}`,
      to: `${base}/documents/${d.id}?revision=${d.revision}`,
      title: [d.typeDescription, d.name].filter(Boolean).join(' '),
      detail: `${t('dashboard.revision', { revision: d.revision })} · ${t('dashboard.due', { date: formatDate(d.dueDate, i18n.language) })}`,
    }));

  // The SuperAdmin has no dashboard in the menu, but may land here; Admins and permitted Users may add.
  const buttons = [
    flags.canAddDocuments && { key: 'document', to: `${base}/documents/create`, label: t('access.addDocument') },
    flags.canAddTasks && { key: 'task', to: `${base}/tasks/create`, label: t('access.addTask') },
    flags.canAddTrainingRecords && {
      key: 'training-record',
      to: `${base}/training-records/create`,
      label: t('access.addTrainingRecord'),
    },
  ].filter((b) => b !== false);

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        extra={
          buttons.length > 0 && (
            <Space wrap>
              {buttons.map((b) => (
                <Button key={b.key} type="primary" icon={<PlusOutlined />} onClick={() => void navigate(b.to)}>
                  {b.label}
                </Button>
              ))}
            </Space>
          )
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <Card>
            <Space size="middle" align="center" wrap>
              <UserAvatar person={user} size={56} />
              <div>
                <Typography.Text type="secondary">{t('dashboard.you')}</Typography.Text>
                <Typography.Title level={2} className="qualis-dashboard__name">
                  {fullName(user) || user.email}
                </Typography.Title>
                <Space wrap size={4}>
                  <Typography.Text>{user.email}</Typography.Text>
                  <Tag>{t(`roles.${user.role}`)}</Tag>
                </Space>
              </div>
            </Space>
          </Card>
        </Col>
        <OverdueReviewsCard organizationId={organizationId} isAdmin={user.role !== 'User'} />
        <AwaitingTrainingCard organizationId={organizationId} isAdmin={user.role !== 'User'} />
        <Col xs={24} lg={8}>
          <Card
            className="qualis-dashboard__card"
            title={<CardTitle title={t('dashboard.actionsToDo')} count={counters.data?.actionsToDo} />}
            extra={<ViewAll area="tasks" base={base} />}
          >
            <Entries query={actions} entries={actionEntries} empty={t('dashboard.noActions')} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            className="qualis-dashboard__card"
            title={<CardTitle title={t('dashboard.trainingToPass')} count={counters.data?.trainingToPass} />}
            extra={<ViewAll area="training-records" base={base} />}
          >
            <Entries query={trainings} entries={trainingEntries} empty={t('dashboard.noTrainings')} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            className="qualis-dashboard__card"
            title={t('dashboard.documents')}
            extra={<ViewAll area="documents" base={base} />}
          >
            <Tabs
              activeKey={documentsTab}
              onChange={setDocumentsTab}
              items={[
                {
                  key: 'review',
                  label: <CardTitle title={t('dashboard.toReview')} count={counters.data?.documentsToReview} />,
                  children: (
                    <Entries
                      query={toReview}
                      entries={documentEntries(toReview.data)}
                      empty={t('dashboard.noDocuments')}
                    />
                  ),
                },
                {
                  key: 'approve',
                  label: <CardTitle title={t('dashboard.toApprove')} count={counters.data?.documentsToApprove} />,
                  children: (
                    <Entries
                      query={toApprove}
                      entries={documentEntries(toApprove.data)}
                      empty={t('dashboard.noDocuments')}
                    />
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
