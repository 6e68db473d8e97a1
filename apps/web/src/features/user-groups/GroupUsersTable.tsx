import { DeleteOutlined, EyeOutlined, UserAddOutlined } from '@ant-design/icons';
import { TEXT_TOOLTIP_LENGTH, endpoints, type GroupUser } from '@qualis/contract';
import { Button, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, listQuery, RowOptions, useTableState, type DataTableColumn } from '../../components/DataTable';
import { AddGroupUsersModal } from './AddGroupUsersModal';
import { ExportMenu } from '../../components/ExportMenu';
import { RemoveGroupUserModal } from './RemoveGroupUserModal';
import { useAddGroupUsers, useGroupUsers, useRemoveGroupUser } from './user-groups.api';

export interface GroupUsersTableProps {
  organizationId: string;
  groupId: string;
  onSuccess: (serverText: string | undefined, fallback: string) => void;
  /** Tells the page the group's name once the server has answered. */
  onGroupName?: (name: string) => void;
}

/** A group's 'List of Users' (spec 02 section 2, "User group page"). */
export function GroupUsersTable({ organizationId, groupId, onSuccess, onGroupName }: GroupUsersTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, dispatch] = useTableState({ orderBy: 'lastName' });
  const params = listQuery(state);
  const list = useGroupUsers(organizationId, groupId, params);
  const add = useAddGroupUsers(organizationId, groupId);
  const remove = useRemoveGroupUser(organizationId, groupId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<GroupUser | null>(null);
  const groupName = list.data?.data.group.name;
  const userPath = (u: GroupUser) => `/organizations/${organizationId}/users/${u.id}`;

  useEffect(() => {
    if (groupName !== undefined) onGroupName?.(groupName);
  }, [groupName, onGroupName]);

  const nameLink = (u: GroupUser, text: string | null) => (
    <Link
      to={userPath(u)}
      className="qualis-cell-text"
      title={text && text.length > TEXT_TOOLTIP_LENGTH ? text : undefined}
    >
      {text ?? ''}
    </Link>
  );

  const columns: DataTableColumn<GroupUser>[] = [
    {
      key: 'firstName',
      title: t('groups.columns.firstName'),
      width: 12,
      sortKey: 'firstName',
      text: (u) => u.firstName ?? '',
      render: (u) => nameLink(u, u.firstName),
    },
    {
      key: 'lastName',
      title: t('groups.columns.lastName'),
      width: 12,
      sortKey: 'lastName',
      text: (u) => u.lastName ?? '',
      render: (u) => nameLink(u, u.lastName),
    },
    {
      key: 'email',
      title: t('groups.columns.email'),
      width: 18,
      sortKey: 'email',
      text: (u) => u.email,
      tooltip: TEXT_TOOLTIP_LENGTH,
    },
    {
      key: 'status',
      title: t('groups.columns.status'),
      width: 10,
      sortKey: 'status',
      render: (u) => <Tag color={u.status === 'Active' ? 'green' : 'default'}>{t(`groups.status.${u.status}`)}</Tag>,
    },
    {
      key: 'isActivated',
      title: t('groups.columns.isActivated'),
      width: 10,
      sortKey: 'isActivated',
      text: (u) => (u.isActivated ? t('common.yes') : t('common.no')),
    },
    {
      key: 'groupCount',
      title: t('groups.columns.groupCount'),
      width: 8,
      sortKey: 'groupCount',
      text: (u) => String(u.groupCount),
    },
    {
      key: 'trainings',
      title: t('groups.columns.trainings'),
      width: 16,
      text: (u) => (u.trainings ?? []).map((training) => training.name).join(', '),
      tooltip: TEXT_TOOLTIP_LENGTH,
    },
    {
      key: 'options',
      title: t('groups.columns.options'),
      width: 14,
      render: (u) => {
        const name = [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;
        return (
          <RowOptions
            rowName={name}
            options={[
              {
                key: 'view',
                label: t('groups.viewDetails'),
                icon: <EyeOutlined />,
                onClick: () => void navigate(userPath(u)),
              },
              {
                key: 'remove',
                label: t('groups.removeUser'),
                icon: <DeleteOutlined />,
                danger: true,
                onClick: () => setRemoving(u),
              },
            ]}
          />
        );
      },
    },
  ];

  return (
    <>
      <DataTable
        columns={columns}
        rows={list.data?.data.users ?? []}
        rowKey={(u) => u.id}
        totalCount={list.data?.pagination.totalCount}
        totalCapped={list.data?.pagination.totalCapped}
        loading={list.isFetching}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        state={state}
        dispatch={dispatch}
        emptyText={t('groups.usersEmpty')}
        exportMenu={({ selectedKeys, columns: visible }) => (
          <>
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
              {t('groups.addUsers')}
            </Button>
            <ExportMenu
              endpoint={endpoints.userGroups.exportUsers}
              query={{
                organizationId,
                groupId,
                search: params.search,
                orderBy: params.orderBy,
                orderType: params.orderType,
              }}
              selectedKeys={selectedKeys}
              columns={visible}
            />
          </>
        )}
      />
      {adding && (
        <AddGroupUsersModal
          organizationId={organizationId}
          groupId={groupId}
          assignedToTrainings={list.data?.data.assignedToTrainings ?? false}
          adding={add.isPending}
          onCancel={() => setAdding(false)}
          onAdd={(users) =>
            add.mutate(users, {
              onSuccess: (answer) => {
                onSuccess(answer.message, t('groups.usersAdded'));
                setAdding(false);
              },
            })
          }
        />
      )}
      {removing && (
        <RemoveGroupUserModal
          organizationId={organizationId}
          groupId={groupId}
          user={removing}
          removing={remove.isPending}
          onCancel={() => setRemoving(null)}
          onRemove={(trainingIds) =>
            remove.mutate(
              { userId: removing.id, trainingIds },
              {
                onSuccess: (answer) => {
                  onSuccess(answer.message, t('groups.userRemoved'));
                  setRemoving(null);
                },
              },
            )
          }
        />
      )}
    </>
  );
}
