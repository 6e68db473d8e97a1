import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { NotificationsTable } from '../features/notifications/NotificationsTable';

export default function NotificationsPage() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  return (
    <>
      <PageHeader title={t('notifications.title')} />
      <Card>
        <NotificationsTable organizationId={organizationId} />
      </Card>
    </>
  );
}
