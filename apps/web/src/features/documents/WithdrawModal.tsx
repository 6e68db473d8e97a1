import { SIGNATURE_COMMENT_MAX_LENGTH } from '@qualis/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWithdrawDocument } from './documents.api';

export interface WithdrawTarget {
  documentId: string;
  name: string;
  /** The revision to withdraw; none: the whole document. */
  revision?: number;
}

/**
 * 'Withdraw' (issue 23): a released document or revision is never deleted; it becomes Obsolete
 * for a reason, signed with the person's password (meaning Withdrawn). OK stays disabled until
 * both are given; the server's refusals (a wrong password, the signing lock) show as its toasts.
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
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const ids = { reason: useId(), password: useId() };
  const revision = target?.revision;
  const submit = () => {
    if (!target) return;
    withdraw.mutate(
      {
        documentId: target.documentId,
        ...(revision === undefined ? {} : { revision }),
        reason: reason.trim(),
        password,
      },
      { onSuccess: (answer) => onDone(answer.message) },
    );
  };
  return (
    <Modal
      open={target !== null}
      title={t(revision === undefined ? 'documents.withdrawDocument' : 'documents.withdrawRevision')}
      okText={t('documents.withdraw')}
      okButtonProps={{ danger: true, loading: withdraw.isPending, disabled: !reason.trim() || !password }}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      onOk={submit}
      afterClose={() => {
        setReason('');
        setPassword('');
      }}
    >
      <Typography.Paragraph>
        {revision === undefined
          ? t('documents.withdrawDocumentText', { name: target?.name ?? '' })
          : t('documents.withdrawRevisionText', { revision })}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('documents.reason')} htmlFor={ids.reason} required>
          <Input.TextArea
            id={ids.reason}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={SIGNATURE_COMMENT_MAX_LENGTH}
            showCount
            autoSize={{ minRows: 2, maxRows: 6 }}
          />
        </Form.Item>
        <Form.Item
          label={t('documents.signing.password')}
          htmlFor={ids.password}
          required
          extra={t('documents.withdrawMeaning')}
        >
          <Input.Password
            id={ids.password}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
