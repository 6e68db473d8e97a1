import { endpoints } from '@qualis/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../shared/api';
import { formatDate } from '../../shared/dates';

const endpoint = endpoints.dashboard.awaitingTraining;

/** The released revisions waiting for their training before they take effect (the dashboard's card). */
export function useRevisionsAwaitingTraining(organizationId: string) {
  return useQuery({
    queryKey: ['dashboard', organizationId, endpoint.path],
    queryFn: ({ signal }) => api.call(endpoint, { query: { organizationId }, signal }),
    select: (answer) => answer.data,
  });
}

/**
 * The dashboard's 'Waiting for training' card (issue 24): each released revision that takes
 * effect when its training completes, 'effective when training completes: 7 of 9 passed' and the
 * day it takes effect at the latest; an Admin's of every document they see, anyone else's of the
 * documents they are responsible for. Shown to Admins always, to others when they have one.
 */
export function AwaitingTrainingCard({ organizationId, isAdmin }: { organizationId: string; isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const waiting = useRevisionsAwaitingTraining(organizationId);
  const rows = waiting.data ?? [];
  if (!isAdmin && rows.length === 0) return null;
  const base = `/organizations/${organizationId}/documents`;
  return (
    <Col xs={24}>
      <Card className="qualis-dashboard__card" title={t('dashboard.awaitingTraining')}>
        <List
          size="small"
          loading={waiting.isPending}
          dataSource={rows}
          locale={{ emptyText: t('dashboard.noAwaitingTraining') }}
          renderItem={(doc) => (
            <List.Item>
              <Link to={`${base}/${doc.id}?revision=${doc.revision}`}>
                {doc.typeDescription ?? `#${doc.number}`} {doc.name} ·{' '}
                {t('dashboard.revision', { revision: doc.revision })}
              </Link>
              <Typography.Text type="secondary">
                {t('dashboard.whenTrained', doc.trainingEffect)} ·{' '}
                {t('dashboard.effectiveBy', { date: formatDate(doc.effectiveBy, i18n.language) })}
              </Typography.Text>
            </List.Item>
          )}
        />
      </Card>
    </Col>
  );
}
