import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductLogo } from '../../components/ProductLogo';
import { PublicLanguageSelect } from './PublicLanguageSelect';

/** The frame of the public pages (sign-in's look): the logo as the home link, a title, the form. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="qualis-auth">
      <section className="qualis-auth__card">
        <div className="qualis-auth__brand">
          <Link to="/" title={t('account.home')}>
            <ProductLogo />
          </Link>
          <PublicLanguageSelect />
        </div>
        <h1 className="qualis-auth__title">{title}</h1>
        {subtitle && <p className="qualis-auth__subtitle">{subtitle}</p>}
        {children}
      </section>
    </main>
  );
}

export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <div className="qualis-auth__row">
      <Link to="/login">{t('account.backToLogin')}</Link>
    </div>
  );
}
