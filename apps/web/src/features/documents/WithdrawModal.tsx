import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWithdrawDocument } from './documents.api';
import { SignedReasonFields, useSignedReason } from './SignedReason';

export interface WithdrawTarget {
  documentId: string;
  name: string;
  /** The revision to withdraw; none: the whole document. */
  revision?: number;
}

/**
 * 'Withdraw' (issues 23 and 24): a released document or revision is never deleted; it becomes
 * Obsolete for a reason, signed as an approval is (meaning Withdrawn; `useSignedReason`). OK stays
 * disabled until what is asked is given; the server's refusals (a wrong code or password, the
 * signing lock) show as its toasts.
 */
export function WithdrawModal({
  organizationId,
  target,
  onDone,
  onCancel,
}: {
  organizationId: string;
  target: WithdrawTarget | null;
  onDone: (message: string | undefined) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const withdraw = useWithdrawDocument(organizationId);
  const signing = useSignedReason(organizationId);
  const revision = target?.revision;
  const submit = () => {
    if (!target) return;
    withdraw.mutate(
      { documentId: target.documentId, ...(revision === undefined ? {} : { revision }), ...signing.body() },
      { onSuccess: (answer) => onDone(answer.message), onError: signing.learnFrom },
    );
  };
  return (
    <Modal
      open={target !== null}
      title={t(revision === undefined ? 'documents.withdrawDocument' : 'documents.withdrawRevision')}
      okText={t('documents.withdraw')}
      okButtonProps={{ danger: true, loading: withdraw.isPending, disabled: !signing.ready }}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      onOk={submit}
      afterClose={signing.reset}
    >
      <Typography.Paragraph>
        {revision === undefined
          ? t('documents.withdrawDocumentText', { name: target?.name ?? '' })
          : t('documents.withdrawRevisionText', { revision })}
      </Typography.Paragraph>
      <SignedReasonFields signing={signing} reasonLabel={t('documents.reason')} />
      <Typography.Paragraph type="secondary">{t('documents.withdrawMeaning')}</Typography.Paragraph>
    </Modal>
  );
}
