import { CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import {
  NAME_TOOLTIP_LENGTH,
  endpoints,
  type UserGroup,
  ZRenameUserGroupRequest,
  ZDuplicateUserGroupRequest,
} from '@qualis/contract';
import { Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  DataTable,
  listQuery,
  RowOptions,
  useTableState,
  type DataTableColumn,
  type RowOption,
} from '../../components/DataTable';
import { NameModal } from '../../components/NameModal';
import { DeleteGroupModal } from './DeleteGroupModal';
import { ExportMenu } from '../../components/ExportMenu';
import {
  useDeleteUserGroup,
  useDuplicateUserGroup,
  useRenameUserGroup,
  useUserGroupList,
  type DeleteGroupInput,
} from './user-groups.api';

type Dialog = { kind: 'rename' | 'duplicate' | 'delete'; group: UserGroup } | null;

export interface UserGroupsTableProps {
  organizationId: string;
  /** Shows a success toast: the server's text, else the fallback. */
  onSuccess: (serverText: string | undefined, fallback: string) => void;
}

/** 'List of User Groups' (spec 02 section 2): Group, Users, Options, with the row actions and the export. */
export function UserGroupsTable({ organizationId, onSuccess }: UserGroupsTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, dispatch] = useTableState({ orderBy: 'name' });
  const params = listQuery(state);
  const list = useUserGroupList(organizationId, params);
  const rename = useRenameUserGroup(organizationId);
  const duplicate = useDuplicateUserGroup(organizationId);
  const remove = useDeleteUserGroup(organizationId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const groupPath = (g: UserGroup) => `/organizations/${organizationId}/user-groups/${g.id}`;

  const deleteGroup = (input: DeleteGroupInput) =>
    remove.mutate(input, {
      onSuccess: (answer) => {
        onSuccess(answer.message, t('groups.deleted'));
        close();
      },
    });

  /** A row option: the tooltip says what it does, the accessible name also which group (RowOptions). */
  const option = (
    what: 'viewDetails' | 'editName' | 'duplicate' | 'delete',
    icon: ReactNode,
    onClick: () => void,
    danger = false,
  ): RowOption => ({
    key: what,
    label: t(`groups.${what}`),
    icon,
    danger,
    onClick,
  });

  const columns: DataTableColumn<UserGroup>[] = [
    {
      key: 'name',
      title: t('groups.columns.name'),
      width: 50,
      sortKey: 'name',
      render: (g) => (
        <Link to={groupPath(g)} state={{ groupName: g.name }} className="qualis-cell-text">
          {g.name.length > NAME_TOOLTIP_LENGTH ? <Tooltip title={g.name}>{g.name}</Tooltip> : g.name}
        </Link>
      ),
      text: (g) => g.name,
    },
    {
      key: 'userCount',
      title: t('groups.columns.userCount'),
      width: 20,
      sortKey: 'userCount',
      text: (g) => String(g.userCount),
    },
    {
      key: 'options',
      title: t('groups.columns.options'),
      width: 30,
      render: (g) => (
        <RowOptions
          rowName={g.name}
          options={[
            option('viewDetails', <EyeOutlined />, () => void navigate(groupPath(g), { state: { groupName: g.name } })),
            option('editName', <EditOutlined />, () => setDialog({ kind: 'rename', group: g })),
            option('duplicate', <CopyOutlined />, () => setDialog({ kind: 'duplicate', group: g })),
            option(
              'delete',
              <DeleteOutlined />,
              () =>
                // An empty group goes at once; one with users needs 'I acknowledge'.
                g.userCount > 0
                  ? setDialog({ kind: 'delete', group: g })
                  : deleteGroup({ groupId: g.id, acknowledge: false }),
              true,
            ),
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <DataTable
        columns={columns}
        rows={list.data?.data ?? []}
        rowKey={(g) => g.id}
        totalCount={list.data?.pagination.totalCount}
        totalCapped={list.data?.pagination.totalCapped}
        loading={list.isFetching}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        state={state}
        dispatch={dispatch}
        emptyText={t('groups.empty')}
        exportMenu={({ selectedKeys, columns: visible }) => (
          <ExportMenu
            endpoint={endpoints.userGroups.export}
            query={{ organizationId, search: params.search, orderBy: params.orderBy, orderType: params.orderType }}
            selectedKeys={selectedKeys}
            columns={visible}
          />
        )}
      />
      <NameModal
        open={dialog?.kind === 'rename'}
        title={t('groups.editTitle')}
        okText={t('common.save')}
        label={t('groups.name')}
        schema={ZRenameUserGroupRequest}
        initialName={dialog?.group.name}
        requireChange
        saving={rename.isPending}
        onCancel={close}
        onSubmit={(name) =>
          rename.mutateAsync({ groupId: dialog!.group.id, name }).then((answer) => {
            onSuccess(answer.message, t('groups.edited'));
            close();
          })
        }
      />
      <NameModal
        open={dialog?.kind === 'duplicate'}
        title={t('groups.duplicateTitle')}
        okText={t('groups.duplicate')}
        label={t('groups.newName')}
        schema={ZDuplicateUserGroupRequest}
        saving={duplicate.isPending}
        onCancel={close}
        onSubmit={(name) =>
          duplicate.mutateAsync({ sourceGroupId: dialog!.group.id, name }).then((answer) => {
            onSuccess(answer.message, t('groups.duplicated'));
            close();
          })
        }
      />
      {dialog?.kind === 'delete' && (
        <DeleteGroupModal
          organizationId={organizationId}
          group={dialog.group}
          deleting={remove.isPending}
          onCancel={close}
          onDelete={deleteGroup}
        />
      )}
    </>
  );
}
