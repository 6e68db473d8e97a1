import { Alert, Button, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmEmail } from '../features/account/account.api';
import { AuthCard, BackToLogin } from '../features/account/AuthCard';
import { toastSuccess } from '../features/account/toast';
import { sessionStore } from '../shared/session-store';
import { signOut } from '../features/session/sessions.api';

/** /confirm-email?email&token: the person proves the new mailbox and their identity with the password. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      const text = await confirmEmail({ email, token, password });
      // The old e-mail no longer signs in: end this browser's session so the next sign-in uses the new one.
      const refreshToken = sessionStore.get()?.token.refreshToken;
      if (refreshToken) await signOut(refreshToken).catch(() => undefined);
      sessionStore.clear();
      toastSuccess(text || t('account.newEmailConfirmed'));
      void navigate('/login', { replace: true });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('errors.requestFailed'));
      setPending(false);
    }
  }

  return (
    <AuthCard title={t('account.confirmTitle')} subtitle={t('account.confirmSubtitle')}>
      <form onSubmit={(event) => void submit(event)} className="qualis-form" noValidate>
        {error && <Alert type="error" showIcon title={error} />}
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="token" value={token} />
        <label className="qualis-field">
          <span>{t('account.password')}</span>
          <Input.Password
            size="large"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <Button type="primary" htmlType="submit" size="large" block loading={pending} disabled={!password}>
          {t('account.enter')}
        </Button>
        <BackToLogin />
      </form>
    </AuthCard>
  );
}
