import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  KeyOutlined,
  MailOutlined,
  PoweroffOutlined,
} from '@ant-design/icons';
import { NAME_TOOLTIP_LENGTH, endpoints, type Person, type PEOPLE_SORT_KEYS } from '@qualis/contract';
import { Tag, Tooltip } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api-client';
import {
  DataTable,
  listQuery,
  RowOptions,
  rowOptionsWidth,
  useTableState,
  type DataTableColumn,
} from '../../components/DataTable';
import { AccessCodeModal } from './AccessCodeModal';
import { ChooseOrganizationsModal } from './ChooseOrganizationsModal';
import { ExportMenu } from '../../components/ExportMenu';
import {
  serverMessage,
  useDeletePerson,
  useEditPerson,
  useGenerateAccessCode,
  usePeopleList,
  useResendInvite,
  useSetPersonStatus,
  type PeopleKind,
} from './people.api';
import { editBody } from './person-form';
import { PersonFormModal } from './PersonFormModal';
import { fullName, rowActions, type RowAction } from './row-actions';

type SortKey = (typeof PEOPLE_SORT_KEYS)[number];
type Dialog = { kind: 'edit' | 'status' | 'delete' | 'accessCode'; person: Person } | null;

export interface PeopleTableProps {
  kind: PeopleKind;
  organizationId: string;
  /** Shows a success toast: the server's text, else the fallback. */
  onSuccess: (serverText: string | undefined, fallback: string) => void;
  /** The list answered 403: the page shows 'Access denied' instead. */
  onForbidden?: () => void;
}

const ICONS: Record<RowAction, ReactNode> = {
  view: <EyeOutlined />,
  edit: <EditOutlined />,
  setActive: <PoweroffOutlined />,
  setInactive: <PoweroffOutlined />,
  resendInvite: <MailOutlined />,
  accessCode: <KeyOutlined />,
  delete: <DeleteOutlined />,
};

/** 'List of Admins' / 'List of Users' (spec 02 section 2) with the row options and the CSV export. */
export function PeopleTable({ kind, organizationId, onSuccess, onForbidden }: PeopleTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, dispatch] = useTableState({ defaultSort: { key: 'lastName', direction: 'asc' } });
  const params = listQuery(state);
  const list = usePeopleList(kind, organizationId, params);
  const edit = useEditPerson(kind, organizationId);
  const setStatus = useSetPersonStatus(kind, organizationId);
  const remove = useDeletePerson(kind, organizationId);
  const resend = useResendInvite();
  const accessCode = useGenerateAccessCode(organizationId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const noun = kind === 'admins' ? 'admin' : 'user';
  const userPath = (p: Person) => `/organizations/${organizationId}/users/${p.id}`;

  const forbidden = list.error instanceof ApiError && list.error.status === 403;
  useEffect(() => {
    if (forbidden) onForbidden?.();
  }, [forbidden, onForbidden]);

  const changeStatus = (person: Person, ids: string[]) => {
    const status = person.status === 'Active' ? 'Inactive' : 'Active';
    return setStatus.mutateAsync({ id: person.id, ids, status }).then((answer) => {
      onSuccess(serverMessage(answer), t('people.statusChanged'));
      close();
    });
  };

  const run = (action: RowAction, person: Person) => {
    switch (action) {
      case 'view':
        return void navigate(userPath(person));
      case 'edit':
      case 'delete':
      case 'accessCode':
        return setDialog({ kind: action, person });
      case 'setActive':
      case 'setInactive':
        // Several organizations the actor manages: the actor chooses in which the change applies.
        if (person.organizationUserStatuses.length > 1) return setDialog({ kind: 'status', person });
        return void changeStatus(person, [organizationId]).catch(() => undefined);
      case 'resendInvite':
        return resend.mutate(person.email, {
          onSuccess: (answer) =>
            onSuccess(serverMessage(answer), t(`people.${noun}.inviteSent`, { email: person.email })),
        });
    }
  };

  const nameCell = (person: Person, name: string | null) => {
    const text = name ?? '';
    const content = text.length > NAME_TOOLTIP_LENGTH ? <Tooltip title={text}>{text}</Tooltip> : text;
    return kind === 'users' ? (
      <Link to={userPath(person)} className="qualis-cell-text">
        {content}
      </Link>
    ) : (
      <span className="qualis-cell-text">{content}</span>
    );
  };

  const columns: DataTableColumn<Person>[] = [
    {
      key: 'firstName',
      title: t('people.columns.firstName'),
      width: 17,
      sortKey: 'firstName' satisfies SortKey,
      text: (p) => p.firstName ?? '',
      render: (p) => nameCell(p, p.firstName),
    },
    {
      key: 'lastName',
      title: t('people.columns.lastName'),
      width: 17,
      sortKey: 'lastName' satisfies SortKey,
      text: (p) => p.lastName ?? '',
      render: (p) => nameCell(p, p.lastName),
    },
    {
      key: 'email',
      title: t('people.columns.email'),
      width: 28,
      sortKey: 'email' satisfies SortKey,
      text: (p) => p.email,
      tooltip: 10,
    },
    {
      key: 'status',
      title: t('people.columns.status'),
      width: 12,
      sortKey: 'status' satisfies SortKey,
      render: (p) => <Tag color={p.status === 'Active' ? 'green' : 'default'}>{t(`people.status.${p.status}`)}</Tag>,
    },
    {
      key: 'isActivated',
      title: t('people.columns.isActivated'),
      width: 14,
      sortKey: 'isActivated' satisfies SortKey,
      text: (p) => (p.isActivated ? t('common.yes') : t('common.no')),
    },
    {
      key: 'options',
      title: t('people.columns.options'),
      width: 28,
      // View, Edit, Set (in)active, Resend invite, Access code, Delete.
      minWidth: rowOptionsWidth(6),
      render: (p) => (
        <RowOptions
          rowName={fullName(p)}
          options={rowActions(p).map((action) => ({
            key: action,
            icon: ICONS[action],
            danger: action === 'delete',
            label: t(`people.actions.${action}`),
            onClick: () => run(action, p),
          }))}
        />
      ),
    },
  ];

  const person = dialog?.person;
  const target = person?.status === 'Active' ? 'Inactive' : 'Active';

  return (
    <>
      <DataTable
        columns={columns}
        rows={list.data?.data ?? []}
        rowKey={(p) => p.id}
        totalCount={list.data?.pagination.totalCount}
        totalCapped={list.data?.pagination.totalCapped}
        loading={list.isFetching}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        state={state}
        dispatch={dispatch}
        emptyText={t(`people.${noun}.empty`)}
        exportMenu={({ selectedKeys, columns: visible }) => (
          <ExportMenu
            endpoint={endpoints[kind].export}
            query={{ organizationId, search: params.search, orderBy: params.orderBy, orderType: params.orderType }}
            selectedKeys={selectedKeys}
            columns={visible}
          />
        )}
      />
      {dialog?.kind === 'edit' && (
        <PersonFormModal
          kind={kind}
          person={dialog.person}
          saving={edit.isPending}
          onCancel={close}
          onSubmit={(values) =>
            edit.mutateAsync({ id: dialog.person.id, ...editBody(dialog.person, values) }).then((answer) => {
              onSuccess(serverMessage(answer), t(`people.${noun}.edited`));
              close();
            })
          }
        />
      )}
      {dialog?.kind === 'status' && person && (
        <ChooseOrganizationsModal
          title={t(target === 'Active' ? 'people.actions.setActive' : 'people.actions.setInactive')}
          intro={t(target === 'Active' ? 'people.statusDialog.activate' : 'people.statusDialog.deactivate', {
            name: fullName(person),
          })}
          okText={t(target === 'Active' ? 'people.actions.setActive' : 'people.actions.setInactive')}
          person={person}
          isDisabled={(o) => o.userStatus === target}
          initial={[organizationId]}
          saving={setStatus.isPending}
          onCancel={close}
          onConfirm={(ids) => changeStatus(person, ids)}
        />
      )}
      {dialog?.kind === 'accessCode' && person && (
        <AccessCodeModal
          person={person}
          saving={accessCode.isPending}
          onCancel={close}
          onConfirm={() =>
            accessCode.mutate(person.id, {
              onSuccess: (answer) => {
                onSuccess(serverMessage(answer), t('people.accessCodeSent', { email: person.email }));
                close();
              },
            })
          }
        />
      )}
      {dialog?.kind === 'delete' && person && (
        <ChooseOrganizationsModal
          title={t(`people.${noun}.deleteTitle`)}
          intro={t('people.deleteDialog.intro', { name: fullName(person) })}
          okText={t('people.actions.delete')}
          danger
          person={person}
          isDisabled={(o) => o.userStatus === 'Active'}
          initial={[]}
          saving={remove.isPending}
          onCancel={close}
          onConfirm={(organizationIds) =>
            remove.mutateAsync({ id: person.id, organizationIds }).then((answer) => {
              onSuccess(serverMessage(answer), t(`people.${noun}.deleted`));
              close();
            })
          }
        />
      )}
    </>
  );
}
