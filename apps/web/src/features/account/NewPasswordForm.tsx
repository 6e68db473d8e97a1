import { Button, Form, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmationProblem, passwordProblem } from './password-rules';

export interface NewPasswordFormProps {
  submitLabel: string;
  pending: boolean;
  onSubmit: (password: string, confirmPassword: string) => void;
  /** Extra fields above the new password (the current password of the change form). */
  currentPassword?: { value: string; onChange: (value: string) => void; label: string };
}

/**
 * New password and its confirmation, with the policy messages of spec 01 section 5 under the
 * fields. The button is enabled when every field is filled and nothing breaks the policy.
 */
export function NewPasswordForm({ submitLabel, pending, onSubmit, currentPassword }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const passwordError = passwordProblem(password);
  const confirmationError = confirmationProblem(password, confirmation);
  const complete = Boolean(password && confirmation && (!currentPassword || currentPassword.value));
  const valid = complete && !passwordError && !confirmationError;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (valid) onSubmit(password, confirmation);
  }

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={submit} className="qualis-form" noValidate>
        {currentPassword && (
          <Form.Item label={currentPassword.label} htmlFor="current-password" style={{ marginBottom: 0 }}>
            <Input.Password
              id="current-password"
              size="large"
              autoComplete="current-password"
              value={currentPassword.value}
              onChange={(e) => currentPassword.onChange(e.target.value)}
            />
          </Form.Item>
        )}
        <Form.Item
          label={t('account.newPassword')}
          htmlFor="new-password"
          validateStatus={passwordError ? 'error' : undefined}
          help={passwordError}
          style={{ marginBottom: 0 }}
        >
          <Input.Password
            id="new-password"
            size="large"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Form.Item>
        <Form.Item
          label={t('account.confirmPassword')}
          htmlFor="confirm-password"
          validateStatus={confirmationError ? 'error' : undefined}
          help={confirmationError}
          style={{ marginBottom: 0 }}
        >
          <Input.Password
            id="confirm-password"
            size="large"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={pending} disabled={!valid}>
          {submitLabel}
        </Button>
      </form>
    </Form>
  );
}
