import { DeleteOutlined, StopOutlined } from '@ant-design/icons';
import { DELETE_REASON_MAX_LENGTH } from '@qualis/contract';
import { Alert, Breadcrumb, Button, Card, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PageSpinner } from '../components/PageSpinner';
import { useLeaveFailedDetail } from '../components/useLeaveFailedDetail';
import { SectionTabs, type SectionTab } from '../components/SectionTabs';
import { useSuccessToast } from '../components/useSuccessToast';
import { DocumentStatusTag } from '../features/documents/DocumentStatusTag';
import { RevisionLifecycleTag } from '../features/documents/RevisionLifecycle';
import {
  GeneralSection,
  QualitySection,
  ReferencesSection,
  type GeneralMode,
} from '../features/documents/DocumentSections';
import { HistorySection } from '../features/documents/DocumentHistory';
import { ReasonModal } from '../features/documents/ReasonModal';
import { SigningSection } from '../features/documents/Signatures';
import { useDeleteDocuments, useDocument } from '../features/documents/documents.api';
import { documentsPath, type DocumentNavigationState } from '../features/documents/document-paths';
import { useSessionUser } from '../features/session/useSession';
import { WithdrawModal } from '../features/documents/WithdrawModal';
import { PeriodicReviewPanel } from '../features/periodic-review/PeriodicReviewPanel';
import { formatDateTime } from '../shared/dates';

/** `?revision=` as a revision number, or the default revision. */
function revisionOf(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/**
 * /organizations/{id}/documents/{documentId}?revision= (spec 03 sections 2-5): the tabs the
 * revision's flags allow, the first of them open. A failed load goes back to the list, where the
 * API client's toast says why.
 */
export default function DocumentDetailPage() {
  const { t, i18n } = useTranslation();
  const { organizationId = '', documentId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const revision = revisionOf(search.get('revision'));
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as DocumentNavigationState;
  const user = useSessionUser();
  const { success } = useSuccessToast();
  const document = useDocument(organizationId, documentId, revision);
  const remove = useDeleteDocuments(organizationId);
  const [chosenMode, setMode] = useState<GeneralMode | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const list = documentsPath(organizationId);
  const data = document.data;
  // The list's 'Edit' opens General in edit mode when the revision may be edited.
  const mode: GeneralMode = chosenMode ?? (state.edit && data?.canBeEdited ? 'edit' : 'view');

  useLeaveFailedDetail(document.isError, list);

  const openRevision = (next: number | undefined) => {
    setMode('view');
    setSearch(next === undefined ? {} : { revision: String(next) }, { replace: false });
  };

  const deleteDocument = (reason: string | null) =>
    remove.mutate(
      { documentIds: [documentId], reason },
      {
        onSuccess: (answer) => {
          success(answer.message, t('documents.deleted'));
          setDeleting(false);
          void navigate(list);
        },
      },
    );

  const name = data?.name ?? state.name ?? '';
  const tabs: (SectionTab | false)[] = data
    ? [
        data.canViewGeneral && {
          key: 'general',
          label: t('documents.tabs.general'),
          children: (
            <GeneralSection
              organizationId={organizationId}
              document={data}
              me={user}
              mode={mode}
              onMode={setMode}
              onRevision={openRevision}
            />
          ),
        },
        data.canViewQualityTasks && {
          key: 'quality',
          label: t('documents.tabs.quality'),
          children: <QualitySection organizationId={organizationId} document={data} />,
        },
        data.canViewConnectToEmployee && {
          key: 'references',
          label: t('documents.tabs.references'),
          children: <ReferencesSection organizationId={organizationId} document={data} />,
        },
        // Hidden while a revision is being added (spec 03 section 4).
        data.canViewReviews &&
          mode !== 'revision' && {
            key: 'review',
            label: t('documents.tabs.review'),
            children: (
              <SigningSection
                organizationId={organizationId}
                documentId={data.id}
                revision={data.revision}
                reasonForChange={data.reasonForChange}
                kind="review"
              />
            ),
          },
        data.canViewApprovals &&
          mode !== 'revision' && {
            key: 'approval',
            label: t('documents.tabs.approval'),
            children: (
              <SigningSection
                organizationId={organizationId}
                documentId={data.id}
                revision={data.revision}
                reasonForChange={data.reasonForChange}
                kind="approval"
              />
            ),
          },
        // The audit trail, for those who may see General (the server answers 403 to others).
        data.canViewGeneral && {
          key: 'history',
          label: t('documents.tabs.history'),
          children: <HistorySection organizationId={organizationId} documentId={data.id} />,
        },
      ]
    : [];
  const items = tabs.filter((tab): tab is SectionTab => tab !== false);
  // Back from 'Create & Link Training', the Quality Actions tab opens, when the person may see it.
  const openTab = items.some((tab) => tab.key === state.tab) ? state.tab : undefined;
  // A released document is never deleted: Delete stays, disabled, saying to withdraw it instead.
  const released = data?.releasedRevision != null;

  return (
    <>
      <Breadcrumb items={[{ title: <Link to={list}>{t('documents.breadcrumb')}</Link> }, { title: name }]} />
      <PageHeader
        title={name}
        extra={
          data && (
            <Space wrap>
              <Typography.Text type="secondary">
                {t('documents.revisionNumber', { revision: data.revision })}
              </Typography.Text>
              <DocumentStatusTag revision={data} />
              {/* Obsolete already reads in the status. */}
              {data.lifecycle !== 'Obsolete' && <RevisionLifecycleTag lifecycle={data.lifecycle} />}
              {data.canBeDeleted && (
                <Button danger icon={<DeleteOutlined />} onClick={() => setDeleting(true)}>
                  {t('documents.deleteDocument')}
                </Button>
              )}
              {released && data.canWithdraw && (
                <Tooltip title={t('documents.releasedNoDelete')}>
                  {/* A disabled button gets no pointer events: its wrapper shows the tooltip. */}
                  <span>
                    <Button danger disabled icon={<DeleteOutlined />}>
                      {t('documents.deleteDocument')}
                    </Button>
                  </span>
                </Tooltip>
              )}
              {data.canWithdraw && (
                <Button danger icon={<StopOutlined />} onClick={() => setWithdrawing(true)}>
                  {t('documents.withdrawDocument')}
                </Button>
              )}
            </Space>
          )
        }
      />
      {data?.withdrawal && (
        <Alert
          type="warning"
          showIcon
          className="qualis-form-note"
          title={t('documents.withdrawnNote', {
            at: formatDateTime(data.withdrawal.at, i18n.language),
            by: data.withdrawal.by,
            reason: data.withdrawal.reason,
          })}
        />
      )}
      {data && <PeriodicReviewPanel organizationId={organizationId} documentId={documentId} />}
      <Card>
        {!data ? (
          <PageSpinner />
        ) : (
          <SectionTabs key={`${data.revision}-${mode === 'revision'}`} items={items} defaultActiveKey={openTab} />
        )}
      </Card>
      <ReasonModal
        open={deleting}
        title={t('documents.deleteDocument')}
        text={t('documents.deleteDocumentText', { name })}
        okText={t('documents.delete')}
        danger
        reasonRequired={false}
        reasonOffered
        maxLength={DELETE_REASON_MAX_LENGTH}
        loading={remove.isPending}
        onCancel={() => setDeleting(false)}
        onOk={deleteDocument}
      />
      <WithdrawModal
        organizationId={organizationId}
        target={withdrawing ? { documentId, name } : null}
        onCancel={() => setWithdrawing(false)}
        onDone={(message) => {
          success(message, t('documents.withdrawn'));
          setWithdrawing(false);
        }}
      />
    </>
  );
}
