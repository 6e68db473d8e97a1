import type { Notification } from '@qualis/contract';
import { Button, Empty, Pagination, Result, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SuccessToast } from '../../components/useSuccessToast';
import { actionPath } from '../actions/action-paths';
import { NotificationEntry } from './NotificationEntry';
import { PAGE_ITEMS, useDismissNotifications, useNotificationPage } from './notifications.api';

/**
 * The notifications page's list (spec 03 sections 2 and 9): 5 a page, newest first, each with
 * 'See action' and, while unread, 'Dismiss'.
 */
export function NotificationsList({ organizationId, onSuccess }: { organizationId: string; onSuccess: SuccessToast }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useNotificationPage(organizationId, page);
  const dismiss = useDismissNotifications(organizationId);
  const entries = list.data?.data ?? [];
  const total = list.data?.pagination.totalCount;

  // Fewer entries than before (an action withdrawn): show the last page there is.
  if (total !== undefined && page > 1 && (page - 1) * PAGE_ITEMS >= total) {
    setPage(Math.max(1, Math.ceil(total / PAGE_ITEMS)));
  }

  const dismissOne = (entry: Notification) =>
    dismiss.mutate(entry.id, { onSuccess: (answer) => onSuccess(answer.message, t('messages.notificationDismissed')) });

  if (list.isError && !list.data) {
    return (
      <Result
        status="warning"
        title={t('table.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void list.refetch()}>
            {t('table.retry')}
          </Button>
        }
      />
    );
  }
  if (list.isPending) {
    return (
      <div className="qualis-notifications__loading">
        <Spin />
      </div>
    );
  }
  if (entries.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />;
  }
  return (
    <Spin spinning={list.isFetching}>
      <ul className="qualis-notifications" aria-label={t('notifications.title')}>
        {entries.map((entry) => (
          <li key={entry.id} className="qualis-notifications__entry">
            <div className="qualis-notifications__message">
              <Tag className="qualis-notifications__status" color={entry.status === 'Unread' ? 'blue' : 'default'}>
                {t(`notifications.status.${entry.status}`)}
              </Tag>
              <NotificationEntry notification={entry} when="timestamp" />
            </div>
            <div className="qualis-notifications__actions">
              {entry.task && (
                <Button type="link" onClick={() => void navigate(actionPath(organizationId, entry.task!.id))}>
                  {t('notifications.seeAction')}
                </Button>
              )}
              {entry.status === 'Unread' && (
                <Button
                  loading={dismiss.isPending && dismiss.variables === entry.id}
                  disabled={dismiss.isPending}
                  onClick={() => dismissOne(entry)}
                >
                  {t('notifications.dismiss')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Pagination
        className="qualis-notifications__pager"
        current={page}
        pageSize={PAGE_ITEMS}
        total={total}
        showSizeChanger={false}
        hideOnSinglePage
        showLessItems
        onChange={setPage}
      />
    </Spin>
  );
}
