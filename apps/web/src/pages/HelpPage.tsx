import { Card, Typography } from 'antd';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/PageHeader';
import { HELP_VERSION, HelpContent } from '../features/help/HelpContent';
import { helpTextsOf } from '../features/help/help-texts';
import { useSessionUser } from '../features/session/useSession';

/** /help and /organizations/{id}/help: the same tabs, chosen by the person's role. */
export default function HelpPage() {
  const { t, i18n } = useTranslation('help');
  // Suspends (the route's spinner) until the help texts of the language on screen are loaded.
  use(helpTextsOf(i18n.language));
  const user = useSessionUser();
  return (
    <>
      <PageHeader title={t('title')} />
      <Card>
        <HelpContent role={user.role} />
        <footer className="qualis-help__footer">
          <Typography.Text type="secondary">{t('footer', { version: HELP_VERSION })}</Typography.Text>
        </footer>
      </Card>
    </>
  );
}
