import { Alert, Button, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '../features/account/account.api';
import { AuthCard, BackToLogin } from '../features/account/AuthCard';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    setPending(true);
    try {
      const text = await requestPasswordReset(email.trim());
      setResult({ type: 'success', text: text || t('account.resetLinkPromised') });
    } catch (failure) {
      setResult({ type: 'error', text: failure instanceof Error ? failure.message : t('errors.requestFailed') });
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthCard title={t('account.forgotTitle')} subtitle={t('account.forgotSubtitle')}>
      <form onSubmit={(event) => void submit(event)} className="qualis-form" noValidate>
        {result && <Alert type={result.type} showIcon title={result.text} />}
        <label className="qualis-field">
          <span>{t('account.email')}</span>
          <Input
            type="email"
            size="large"
            autoComplete="username"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <Button type="primary" htmlType="submit" size="large" block loading={pending} disabled={!email.trim()}>
          {t('account.send')}
        </Button>
        <BackToLogin />
      </form>
    </AuthCard>
  );
}
