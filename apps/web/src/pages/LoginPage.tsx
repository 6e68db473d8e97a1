import { Alert, Button, Checkbox, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { ProductLogo } from '../components/ProductLogo';
import { PublicLanguageSelect } from '../features/account/PublicLanguageSelect';
import { homePath, returnPath } from '../features/session/home-path';
import { sessionStore } from '../features/session/session-store';
import { signIn } from '../features/session/sessions.api';
import { useSession } from '../features/session/useSession';

export default function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // Signing in stores the session, which re-renders this page into the redirect.
  if (session) return <Navigate to={returnPath(location.state) ?? homePath(session.user)} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      // The server validates with the contract's ZSignInRequest and its message lands in the alert;
      // repeating that here would put zod into this page's bundle (spec budget: 200 KB gzip).
      const { user, token } = await signIn({ email: email.trim(), password });
      sessionStore.start(user, token, remember);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('errors.requestFailed'));
      setPending(false);
    }
  }

  return (
    <main className="qualis-auth">
      <section className="qualis-auth__card">
        <div className="qualis-auth__brand">
          <ProductLogo />
          <PublicLanguageSelect />
        </div>
        <h1 className="qualis-auth__title">{t('login.title')}</h1>
        <p className="qualis-auth__subtitle">{t('login.subtitle')}</p>
        <form onSubmit={(event) => void submit(event)} className="qualis-form" noValidate>
          {error && <Alert type="error" showIcon title={error} />}
          <label className="qualis-field">
            <span>{t('login.email')}</span>
            <Input
              type="email"
              size="large"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <label className="qualis-field">
            <span>{t('login.password')}</span>
            <Input.Password
              size="large"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <div className="qualis-auth__row">
            <Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)}>
              {t('login.rememberMe')}
            </Checkbox>
            <Link to="/forgot-password">{t('login.forgotPassword')}</Link>
          </div>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={pending}
            disabled={!email.trim() || !password}
          >
            {t('login.submit')}
          </Button>
        </form>
      </section>
    </main>
  );
}
