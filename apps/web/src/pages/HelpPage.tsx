import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/PageHeader';
import { HelpContent } from '../features/help/HelpContent';
import { useSessionUser } from '../features/session/useSession';

/** /help and /organizations/{id}/help: the same tabs, chosen by the person's role. */
export default function HelpPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <>
      <PageHeader title={t('help.title')} />
      <Card>
        <HelpContent role={user.role} />
      </Card>
    </>
  );
}
