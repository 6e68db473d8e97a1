import { SIGNATURE_COMMENT_MAX_LENGTH } from '@qualis/contract';
import { Form, Input } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api-client';
import { useOrganization } from '../organizations/organizations.api';
import { SendMyAccessCode } from './Signatures';

const ACCESS_CODE = /^\d{1,6}$/;

/**
 * What a signed decision with a reason asks for (a withdrawal, 'Reviewed, no change'): the
 * reason, the person's access code and, where the organization asks for it, their password. The
 * server may ask for what the organization's settings did not say yet (they changed since): a
 * refusal naming the password shows its field, a missing access code offers to send one.
 */
export function useSignedReason(organizationId: string) {
  const organization = useOrganization(organizationId);
  const [reason, setReason] = useState('');
  const [accessCode, setAccessCode] = useState('');
  const [password, setPassword] = useState('');
  const [asked, setAsked] = useState({ password: false, codeMissing: false });
  const askPassword = asked.password || organization.data?.signingRequiresPassword === true;
  return {
    organizationId,
    fields: { reason, accessCode, password, setReason, setAccessCode, setPassword },
    askPassword,
    codeMissing: asked.codeMissing,
    ready: reason.trim() !== '' && ACCESS_CODE.test(accessCode.trim()) && (!askPassword || password !== ''),
    /** The request's signature fields. */
    body: () => ({ reason: reason.trim(), accessCode: accessCode.trim(), ...(askPassword ? { password } : {}) }),
    /** Learns from a refusal what the server asks for. */
    learnFrom: (error: unknown) => {
      if (!(error instanceof ApiError)) return;
      setAsked((was) => ({
        password: was.password || error.errors.some((e) => e.field === 'password'),
        codeMissing: was.codeMissing || error.errors.some((e) => e.messageKey === 'accessCodeMissing'),
      }));
    },
    reset: () => {
      setReason('');
      setAccessCode('');
      setPassword('');
      setAsked({ password: false, codeMissing: false });
    },
  };
}

export type SignedReason = ReturnType<typeof useSignedReason>;

/** The fields of `useSignedReason`, under the reason's own label. */
export function SignedReasonFields({ signing, reasonLabel }: { signing: SignedReason; reasonLabel: string }) {
  const { t } = useTranslation();
  const ids = { reason: useId(), accessCode: useId(), password: useId() };
  const { reason, accessCode, password, setReason, setAccessCode, setPassword } = signing.fields;
  return (
    <Form layout="vertical">
      <Form.Item label={reasonLabel} htmlFor={ids.reason} required>
        <Input.TextArea
          id={ids.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={SIGNATURE_COMMENT_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
        />
      </Form.Item>
      {signing.codeMissing && <SendMyAccessCode organizationId={signing.organizationId} />}
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
      {signing.askPassword && (
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
  );
}
