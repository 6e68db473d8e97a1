import { Button } from 'antd';
// Each component alone: `Input` from 'antd' brings TextArea, Search and OTP, `Checkbox` its group.
import Checkbox from 'antd/es/checkbox/Checkbox';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { ProductLogo } from '../components/ProductLogo';
import { PublicLanguageSelect } from '../features/account/PublicLanguageSelect';
import { homePath, returnPath } from '../shared/home-path';
import { sessionStore } from '../shared/session-store';
import { useSession } from '../features/session/useSession';
import { loadAllTexts } from '../shared/i18n';

/**
 * The API client and the contract's endpoint table (with zod) are not part of this page's code:
 * they load when the person starts typing, so the first paint does not wait for them; so do all
 * the texts, which translate the server's answer.
 */
// Shown only when signing in fails, so it comes with the code that signs in.
const loadAlert = () => import('antd/es/alert');
const Alert = lazy(loadAlert);

let sessionsApi: Promise<typeof import('../features/session/sessions.api')> | undefined;
function loadSessionsApi() {
  sessionsApi ??= Promise.all([import('../features/session/sessions.api'), loadAllTexts(), loadAlert()]).then(
    ([module]) => module,
    (failure: unknown) => {
      sessionsApi = undefined; // a failed download is tried again on submit
      throw failure;
    },
  );
  return sessionsApi;
}
const prefetchSessionsApi = () => void loadSessionsApi().catch(() => undefined);

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
      // repeating that here would put zod into this page's bundle (budget: scripts/web-budget.mjs).
      const { signIn } = await loadSessionsApi();
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
          {error && (
            <Suspense fallback={null}>
              <Alert type="error" showIcon title={error} />
            </Suspense>
          )}
          <label className="qualis-field">
            <span>{t('login.email')}</span>
            <Input
              type="email"
              size="large"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(e) => {
                prefetchSessionsApi();
                setEmail(e.target.value);
              }}
            />
          </label>
          <label className="qualis-field">
            <span>{t('login.password')}</span>
            <Password
              size="large"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                prefetchSessionsApi();
                setPassword(e.target.value);
              }}
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
