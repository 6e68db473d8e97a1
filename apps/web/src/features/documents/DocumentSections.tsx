import { CheckCircleOutlined, DeleteOutlined, EditOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import {
  DELETE_REASON_MAX_LENGTH,
  LONG_TEXT_MAX_LENGTH,
  documentStatusShown,
  type ActionPerson,
  type DocumentDetail,
} from '@qualis/contract';
import { Alert, Button, Empty, Select, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/PageSpinner';
import { useSuccessToast } from '../../components/useSuccessToast';
import { useMessageText } from '../../components/zod-form';
import { ControlledCopyButton } from './DocumentFileButton';
import { DocumentGeneralForm } from './DocumentGeneralForm';
import { DocumentGeneralView } from './DocumentGeneralView';
import { QualityTasksForm, QualityTasksView } from './QualityTasks';
import { ReasonModal } from './ReasonModal';
import { ReferencesEditor, ReferencesView } from './References';
import { TrainingLinkButtons } from './TrainingLink';
import { WithdrawModal } from './WithdrawModal';
import {
  useDocumentMutations,
  useQualityTasks,
  useReferences,
  type GeneralUpdateInput,
  type RevisionInput,
} from './documents.api';

export type GeneralMode = 'view' | 'edit' | 'revision';

/** A section's buttons above its content. */
function Toolbar({ children }: { children: ReactNode }) {
  return (
    <Space wrap className="qualis-section-toolbar">
      {children}
    </Space>
  );
}

export interface GeneralSectionProps {
  organizationId: string;
  document: DocumentDetail;
  me: ActionPerson;
  mode: GeneralMode;
  onMode: (mode: GeneralMode) => void;
  /** Opens a revision (undefined: the default one). */
  onRevision: (revision: number | undefined) => void;
}

/**
 * General (spec 03 sections 2-4): view and edit modes, the revision selector, Add revision,
 * Set as Final and Delete revision. A locked revision says why it cannot be edited.
 */
export function GeneralSection({ organizationId, document, me, mode, onMode, onRevision }: GeneralSectionProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const { success } = useSuccessToast();
  const mutations = useDocumentMutations(organizationId, document.id);
  const [deleting, setDeleting] = useState(false);
  const [finalizing, setFinalizing] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);

  if (mode === 'edit') {
    return (
      <DocumentGeneralForm
        key={`edit-${document.revision}`}
        organizationId={organizationId}
        mode="edit"
        document={document}
        me={me}
        saving={mutations.updateGeneral.isPending}
        onCancel={() => onMode('view')}
        onSubmit={(body) =>
          mutations.updateGeneral.mutateAsync(body as GeneralUpdateInput).then((answer) => {
            success(answer.message, t('documents.updated'));
            onMode('view');
          })
        }
      />
    );
  }
  if (mode === 'revision') {
    return (
      <>
        <Typography.Title level={2} className="qualis-section-title">
          {t('documents.newRevision', { revision: document.latestRevision + 1 })}
        </Typography.Title>
        <DocumentGeneralForm
          key={`revision-${document.revision}`}
          organizationId={organizationId}
          mode="revision"
          document={document}
          me={me}
          saving={mutations.addRevision.isPending}
          onCancel={() => onMode('view')}
          onSubmit={(body) =>
            mutations.addRevision.mutateAsync(body as RevisionInput).then((answer) => {
              success(answer.message, t('documents.revisionSaved'));
              onMode('view');
              onRevision(answer.data.revision);
            })
          }
        />
      </>
    );
  }

  const noSigners = document.reviewerIds.length === 0 && document.approverIds.length === 0;
  const canDeleteRevision = document.revisions.length > 1 && document.canDeleteRevision;
  const setFinal = (reason: string) =>
    mutations.setFinal.mutate(
      { revision: document.revision, reason },
      {
        onSuccess: (answer) => {
          success(answer.message, t('documents.setAsFinalDone'));
          setFinalizing(false);
        },
      },
    );
  const deleteRevision = (reason: string | null) =>
    mutations.deleteRevision.mutate(
      { revision: document.revision, reason },
      {
        onSuccess: (answer) => {
          success(answer.message, t('documents.revisionDeleted'));
          setDeleting(false);
          onRevision(undefined);
        },
      },
    );

  return (
    <>
      <Toolbar>
        <Select
          aria-label={t('documents.revisionSelector')}
          className="qualis-revision-select"
          value={document.revision}
          onChange={(revision: number) => onRevision(revision)}
          options={document.revisions.map((r) => ({
            value: r.revision,
            label: [
              t('documents.revisionNumber', { revision: r.revision }),
              r.revisionName,
              t(`documents.status.${documentStatusShown(r)}`),
              r.isFinal && documentStatusShown(r) !== 'Final' ? t('documents.final') : null,
              t(`documents.lifecycle.${r.lifecycle}`),
            ]
              .filter(Boolean)
              .join(' · '),
            reasonForChange: r.reasonForChange,
          }))}
          // Each revision says why it was made under its name (issue 24); the chosen one shows its name alone.
          optionRender={(option) => (
            <div className="qualis-revision-option">
              <div>{option.label}</div>
              <Typography.Text
                type="secondary"
                className="qualis-revision-reason"
                title={option.data.reasonForChange ?? undefined}
              >
                {`${t('documents.fields.reasonForChange')}: ${option.data.reasonForChange ?? '—'}`}
              </Typography.Text>
            </div>
          )}
        />
        {/* Only for a revision the person may edit (spec 03 section 6); a locked one says why below. */}
        {document.canBeEdited && (
          <Button icon={<EditOutlined />} onClick={() => onMode('edit')}>
            {t('documents.edit')}
          </Button>
        )}
        {document.canAddRevision && (
          <Button icon={<PlusOutlined />} onClick={() => onMode('revision')}>
            {t('documents.addRevision')}
          </Button>
        )}
        {noSigners && (document.canSetAsFinal || document.isFinal) && (
          <Button
            icon={<CheckCircleOutlined />}
            disabled={document.isFinal || !document.canSetAsFinal}
            onClick={() => setFinalizing(true)}
          >
            {document.isFinal ? t('documents.isFinal') : t('documents.setAsFinal')}
          </Button>
        )}
        {document.file && (
          <ControlledCopyButton
            organizationId={organizationId}
            documentId={document.id}
            revision={document.revision}
            file={document.file}
          />
        )}
        {canDeleteRevision && (
          <Button danger icon={<DeleteOutlined />} onClick={() => setDeleting(true)}>
            {t('documents.deleteRevision')}
          </Button>
        )}
        {/* A final revision is never deleted: it is withdrawn (Obsolete) instead. */}
        {document.canWithdrawRevision && (
          <Button danger icon={<StopOutlined />} onClick={() => setWithdrawing(true)}>
            {t('documents.withdrawRevision')}
          </Button>
        )}
      </Toolbar>
      {document.isLocked && (
        <Alert type="info" showIcon className="qualis-form-note" title={text('documentRevisionLocked')} />
      )}
      <DocumentGeneralView organizationId={organizationId} document={document} />
      <ReasonModal
        open={finalizing}
        title={t('documents.setAsFinalTitle', { revision: document.revision })}
        text={t('documents.setAsFinalText')}
        okText={t('documents.setAsFinal')}
        reasonRequired
        maxLength={LONG_TEXT_MAX_LENGTH}
        loading={mutations.setFinal.isPending}
        onCancel={() => setFinalizing(false)}
        onOk={(reason) => reason && setFinal(reason)}
      />
      <ReasonModal
        open={deleting}
        title={t('documents.deleteRevision')}
        text={t('documents.deleteRevisionText', { revision: document.revision })}
        okText={t('documents.delete')}
        danger
        reasonRequired={false}
        maxLength={DELETE_REASON_MAX_LENGTH}
        loading={mutations.deleteRevision.isPending}
        onCancel={() => setDeleting(false)}
        onOk={deleteRevision}
      />
      <WithdrawModal
        organizationId={organizationId}
        target={withdrawing ? { documentId: document.id, name: document.name, revision: document.revision } : null}
        onCancel={() => setWithdrawing(false)}
        onDone={(message) => {
          success(message, t('documents.revisionWithdrawn'));
          setWithdrawing(false);
        }}
      />
    </>
  );
}

/** Quality Actions of a revision: view, and edit with the right (spec 03 sections 2-4). */
export function QualitySection({ organizationId, document }: { organizationId: string; document: DocumentDetail }) {
  const { t } = useTranslation();
  const { success } = useSuccessToast();
  const quality = useQualityTasks(organizationId, document.id, document.revision, true);
  const mutations = useDocumentMutations(organizationId, document.id);
  const [editing, setEditing] = useState(false);
  const data = quality.data;
  if (!data) return quality.isError ? <Empty description={t('table.loadFailed')} /> : <PageSpinner />;
  // A final revision's section is not edited; its training may still be linked.
  const editable = data.canBeEdited || (data.canEditTraining && !document.isFinal);
  const linkable = data.requiresTraining && data.canEditTraining;
  if (editing) {
    return (
      <QualityTasksForm
        organizationId={organizationId}
        revision={document.revision}
        initial={{
          reviewerIds: data.reviewerIds,
          approverIds: data.approverIds,
          requiresTraining: data.requiresTraining,
        }}
        known={[...data.reviewers, ...data.approvers]}
        canEditSigners={data.canBeEdited}
        canEditTraining={data.canEditTraining}
        saving={mutations.updateQualityTasks.isPending}
        onCancel={() => setEditing(false)}
        onSubmit={(values) =>
          mutations.updateQualityTasks
            .mutateAsync({ revision: document.revision, ...values, trainingRecordId: data.trainingRecordId })
            .then((answer) => {
              success(answer.message, t('documents.qualitySaved'));
              setEditing(false);
            })
        }
      />
    );
  }
  return (
    <>
      {(editable || linkable) && (
        <Toolbar>
          {editable && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('documents.edit')}
            </Button>
          )}
          {linkable && (
            <TrainingLinkButtons
              organizationId={organizationId}
              document={document}
              linked={data.trainingRecordId !== null}
              linking={mutations.updateQualityTasks.isPending}
              onLink={(trainingRecordId) =>
                mutations.updateQualityTasks
                  .mutateAsync({
                    revision: document.revision,
                    reviewerIds: data.reviewerIds,
                    approverIds: data.approverIds,
                    requiresTraining: true,
                    trainingRecordId,
                  })
                  .then(() => success(undefined, t('documents.trainingLinked')))
              }
            />
          )}
        </Toolbar>
      )}
      <QualityTasksView organizationId={organizationId} quality={data} />
    </>
  );
}

/** References of a revision: view, and edit with the right (spec 03 sections 2-6). */
export function ReferencesSection({ organizationId, document }: { organizationId: string; document: DocumentDetail }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const { success } = useSuccessToast();
  const references = useReferences(organizationId, document.id, document.revision, true);
  const mutations = useDocumentMutations(organizationId, document.id);
  const [editing, setEditing] = useState(false);
  const data = references.data;
  if (!data) return references.isError ? <Empty description={t('table.loadFailed')} /> : <PageSpinner />;
  if (editing) {
    return (
      <ReferencesEditor
        organizationId={organizationId}
        saved={data.references}
        saving={mutations.updateReferences.isPending}
        onCancel={() => setEditing(false)}
        onSubmit={(change) =>
          mutations.updateReferences.mutateAsync({ revision: document.revision, ...change }).then((answer) => {
            success(answer.message, t('documents.referencesSaved'));
            setEditing(false);
          })
        }
      />
    );
  }
  return (
    <>
      {data.canBeEdited && (
        <Toolbar>
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('documents.edit')}
          </Button>
        </Toolbar>
      )}
      {!data.canBeEdited && document.canViewDocumentReferences && document.isLocked && (
        <Alert type="info" showIcon className="qualis-form-note" title={text('documentRevisionLocked')} />
      )}
      <ReferencesView organizationId={organizationId} references={data.references} />
    </>
  );
}
