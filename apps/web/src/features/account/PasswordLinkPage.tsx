import { ZPasswordWithTokenRequest } from '@qualis/contract';
import { Alert } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../shared/bridges';
import { PageSpinner } from '../../components/PageSpinner';
import { resetPassword, setPassword } from './account.api';
import { AuthCard, BackToLogin } from './AuthCard';
import { NewPasswordForm } from './NewPasswordForm';
import { toastSuccess } from './toast';
import { useLinkCheck } from './useLinkCheck';

/**
 * /reset-password and /set-password: the e-mailed link is checked on load, then a new password
 * is chosen. Success toasts and goes to /login; any failure toasts its error and goes to /login too.
 */
export function PasswordLinkPage({ kind }: { kind: 'reset' | 'set' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { email, token, state } = useLinkCheck(kind === 'reset' ? 'reset-password' : 'set-password');
  const linkValues = useMemo(() => ({ email, token }), [email, token]);
  const [pending, setPending] = useState(false);

  async function submit(password: string, confirmPassword: string) {
    setPending(true);
    const send = kind === 'reset' ? resetPassword : setPassword;
    try {
      const text = await send({ email, token, password, confirmPassword });
      toastSuccess(text || t(kind === 'reset' ? 'account.passwordUpdated' : 'account.passwordSetUp'));
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : t('errors.requestFailed'));
    }
    void navigate('/login', { replace: true });
  }

  const title = t(kind === 'reset' ? 'account.resetTitle' : 'account.setTitle');
  if (state === 'checking') return <PageSpinner />;
  if (state === 'expired') {
    return (
      <AuthCard title={title}>
        <div className="qualis-form">
          <Alert type="warning" showIcon title={t('account.resetLinkExpired')} />
          <Link to="/forgot-password">{t('account.forgotPasswordLink')}</Link>
          <BackToLogin />
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} subtitle={t(kind === 'reset' ? 'account.resetSubtitle' : 'account.setSubtitle', { email })}>
      <NewPasswordForm
        submitLabel={t(kind === 'reset' ? 'account.resetSubmit' : 'account.setSubmit')}
        pending={pending}
        schema={ZPasswordWithTokenRequest}
        context={linkValues}
        passwordLabel={kind === 'set' ? t('account.password') : undefined}
        onSubmit={({ password, confirmPassword }) => void submit(password, confirmPassword)}
      />
      <div style={{ marginTop: 16 }}>
        <BackToLogin />
      </div>
    </AuthCard>
  );
}
