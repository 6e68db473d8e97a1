import { localActionName, type Notification } from '@qualis/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable, listQuery, useTableState, type DataTableColumn } from '../../components/DataTable';
import { useNotificationList } from './notifications.api';
import { formatDate } from '../../app/dates';
import { relativeTime } from './relative-time';

/** Every notification of the person in this organization, newest first. */
export function NotificationsTable({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const [state, dispatch] = useTableState();
  const list = useNotificationList(organizationId, listQuery(state));

  const columns: DataTableColumn<Notification>[] = [
    { key: 'kind', title: t('notifications.columns.kind'), width: 20, text: () => t('notifications.actionAssigned') },
    { key: 'number', title: t('notifications.columns.number'), width: 10, text: (n) => String(n.task?.number ?? '') },
    {
      key: 'name',
      title: t('notifications.columns.name'),
      width: 30,
      text: (n) => (n.task ? localActionName(n.task, i18n.language) : ''),
      tooltip: 100,
    },
    {
      key: 'dueDate',
      title: t('notifications.columns.dueDate'),
      width: 14,
      text: (n) => formatDate(n.task?.dueDate ?? null, i18n.language),
    },
    {
      key: 'createdAt',
      title: t('notifications.columns.received'),
      width: 14,
      text: (n) => relativeTime(n.createdAt, i18n.language),
    },
    {
      key: 'status',
      title: t('notifications.columns.status'),
      width: 12,
      render: (n) => (
        <Tag color={n.status === 'Unread' ? 'blue' : 'default'}>{t(`notifications.status.${n.status}`)}</Tag>
      ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={list.data?.data ?? []}
      rowKey={(n) => n.id}
      totalCount={list.data?.pagination.totalCount}
      loading={list.isFetching}
      failed={list.isError}
      onRetry={() => void list.refetch()}
      state={state}
      dispatch={dispatch}
      emptyText={t('notifications.empty')}
    />
  );
}
