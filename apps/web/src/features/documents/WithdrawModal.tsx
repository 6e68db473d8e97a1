import { SIGNATURE_COMMENT_MAX_LENGTH } from '@qualis/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api-client';
import { useOrganization } from '../organizations/organizations.api';
import { useWithdrawDocument } from './documents.api';
import { SendMyAccessCode } from './Signatures';

export interface WithdrawTarget {
  documentId: string;
  name: string;
  /** The revision to withdraw; none: the whole document. */
  revision?: number;
}

const ACCESS_CODE = /^\d{1,6}$/;

/**
 * 'Withdraw' (issues 23 and 24): a released document or revision is never deleted; it becomes
 * Obsolete for a reason, signed as an approval is (meaning Withdrawn): the person's access code,
 * and their password where the organization asks for it. OK stays disabled until what is asked is
 * given; the server's refusals (a wrong code or password, the signing lock) show as its toasts, and
 * a missing access code offers to send one.
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
  const organization = useOrganization(organizationId);
  const [reason, setReason] = useState('');
  const [accessCode, setAccessCode] = useState('');
  const [password, setPassword] = useState('');
  // The server may ask for what the organization's settings did not say yet (it changed since).
  const [asked, setAsked] = useState({ password: false, codeMissing: false });
  const askPassword = asked.password || organization.data?.signingRequiresPassword === true;
  const ids = { reason: useId(), accessCode: useId(), password: useId() };
  const revision = target?.revision;
  const ready = Boolean(reason.trim()) && ACCESS_CODE.test(accessCode.trim()) && (!askPassword || Boolean(password));
  const submit = () => {
    if (!target) return;
    withdraw.mutate(
      {
        documentId: target.documentId,
        ...(revision === undefined ? {} : { revision }),
        reason: reason.trim(),
        accessCode: accessCode.trim(),
        ...(askPassword ? { password } : {}),
      },
      {
        onSuccess: (answer) => onDone(answer.message),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const on = (field: string) => error.errors.some((e) => e.field === field);
          setAsked((was) => ({
            password: was.password || on('password'),
            codeMissing: was.codeMissing || error.errors.some((e) => e.messageKey === 'accessCodeMissing'),
          }));
        },
      },
    );
  };
  return (
    <Modal
      open={target !== null}
      title={t(revision === undefined ? 'documents.withdrawDocument' : 'documents.withdrawRevision')}
      okText={t('documents.withdraw')}
      okButtonProps={{ danger: true, loading: withdraw.isPending, disabled: !ready }}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      onOk={submit}
      afterClose={() => {
        setReason('');
        setAccessCode('');
        setPassword('');
        setAsked({ password: false, codeMissing: false });
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
        {asked.codeMissing && <SendMyAccessCode organizationId={organizationId} />}
        <Form.Item
          label={t('documents.signing.accessCode')}
          htmlFor={ids.accessCode}
          required
          extra={t('documents.signing.accessCodeHelp')}
        >
          <Input
            id={ids.accessCode}
            type="password"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={accessCode}
            onChange={(e) => setAccessCode(e.target.value)}
            style={{ maxWidth: 200 }}
          />
        </Form.Item>
        {askPassword && (
          <Form.Item label={t('documents.signing.password')} htmlFor={ids.password} required>
            <Input.Password
              id={ids.password}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
            />
          </Form.Item>
        )}
      </Form>
      <Typography.Paragraph type="secondary">{t('documents.withdrawMeaning')}</Typography.Paragraph>
    </Modal>
  );
}
