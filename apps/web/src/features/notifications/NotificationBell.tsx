import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Empty, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveNotifications } from './live-notifications';
import { NotificationEntry } from './NotificationEntry';
import { useLatestNotifications, useNotificationCount } from './notifications.api';

/**
 * The top bar's bell: the unread count, and the latest 3 entries with 'Show all' when opened;
 * both follow the server's event stream, so new work shows without a reload.
 */
export function NotificationBell({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  useLiveNotifications(organizationId);
  const count = useNotificationCount(organizationId);
  const latest = useLatestNotifications(organizationId, open);
  const unread = count.data ?? 0;
  const base = `/organizations/${organizationId}`;
  const entries = latest.data?.data ?? [];

  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };

  const panel = (
    <div
      className="ant-dropdown-menu"
      style={{ width: 320, padding: 8 }}
      role="dialog"
      aria-label={t('notifications.title')}
    >
      {latest.isPending ? (
        <div style={{ textAlign: 'center', padding: 16 }}>
          <Spin />
        </div>
      ) : entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <Button
                type="text"
                block
                style={{ height: 'auto', textAlign: 'left', whiteSpace: 'normal', padding: 8 }}
                onClick={() => entry.task && go(`${base}/tasks/${entry.task.id}`)}
              >
                <NotificationEntry notification={entry} />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button type="link" block onClick={() => go(`${base}/notifications`)}>
        {t('notifications.showAll')}
      </Button>
    </div>
  );

  return (
    <Dropdown trigger={['click']} open={open} onOpenChange={setOpen} popupRender={() => panel}>
      <Button
        type="text"
        aria-label={t('layout.notifications', { unread })}
        icon={
          <Badge count={unread} size="small">
            <BellOutlined className="qualis-topbar__bell" />
          </Badge>
        }
      />
    </Dropdown>
  );
}
