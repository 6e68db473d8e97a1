import { localActionName, type Notification } from '@qualis/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../shared/dates';
import { relativeTime } from './relative-time';

/**
 * 'Action Assigned' with the task's number, name and due date, and when: how long ago (the bell),
 * or the date and time (the notifications page).
 */
export function NotificationEntry({
  notification,
  when = 'relative',
}: {
  notification: Notification;
  when?: 'relative' | 'timestamp';
}) {
  const { t, i18n } = useTranslation();
  const task = notification.task;
  return (
    <div className="qualis-notification">
      <Typography.Text strong>{t('notifications.actionAssigned')}</Typography.Text>
      {task && (
        <div>
          {task.number !== null && <Typography.Text type="secondary">#{task.number} </Typography.Text>}
          <Typography.Text>{localActionName(task, i18n.language)}</Typography.Text>
          {task.dueDate && (
            <div>
              <Typography.Text type="secondary">
                {t('notifications.dueDate', { date: formatDate(task.dueDate, i18n.language) })}
              </Typography.Text>
            </div>
          )}
        </div>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {when === 'relative'
          ? relativeTime(notification.createdAt, i18n.language)
          : formatDateTime(notification.createdAt, i18n.language)}
      </Typography.Text>
    </div>
  );
}
