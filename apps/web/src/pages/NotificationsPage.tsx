import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { useSuccessToast } from '../components/useSuccessToast';
import { NotificationsList } from '../features/notifications/NotificationsList';
import { useDismissNotifications, useNotificationCount } from '../features/notifications/notifications.api';

/** /organizations/{id}/notifications (spec 03 sections 2 and 9): the person's notifications there. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const { success } = useSuccessToast();
  const unread = useNotificationCount(organizationId);
  const dismissAll = useDismissNotifications(organizationId);
  return (
    <>
      <PageHeader
        title={t('notifications.title')}
        extra={
          <Button
            loading={dismissAll.isPending}
            disabled={unread.data === 0}
            onClick={() =>
              dismissAll.mutate(undefined, {
                onSuccess: (answer) => success(answer.message, t('messages.notificationsDismissed')),
              })
            }
          >
            {t('notifications.dismissAll')}
          </Button>
        }
      />
      <Card>
        <NotificationsList organizationId={organizationId} onSuccess={success} />
      </Card>
    </>
  );
}
