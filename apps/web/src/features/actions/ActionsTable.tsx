import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { ACTION_SORT_KEYS, NAME_TOOLTIP_LENGTH, endpoints, localActionName, type Action } from '@qualis/contract';
import { Button, Modal, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  DataTable,
  listQuery,
  RowOptions,
  useTableState,
  type DataTableColumn,
  NAME_MIN_PX,
} from '../../components/DataTable';
import { ExportMenu } from '../../components/ExportMenu';
import type { SuccessToast } from '../../components/useSuccessToast';
import { fullName } from '../people/row-actions';
import { formatDate, formatTime } from '../../shared/dates';
import { ActionFilters } from './ActionFilters';
import { ActionStatusTag } from './ActionStatusTag';
import { EnteredLink, useLinkText } from './EnteredLink';
import { useActionList, useDeleteActions } from './actions.api';
import { actionPath } from './action-paths';

type SortKey = (typeof ACTION_SORT_KEYS)[number];

/** The actions waiting for the delete confirmation, and what to do once they are gone. */
type PendingDelete = { ids: string[]; done?: () => void } | null;

export interface ActionsTableProps {
  organizationId: string;
  onSuccess: SuccessToast;
}

/**
 * 'List of Actions' (spec 03 sections 2 and 9): the default columns, the hidden ones in 'Manage
 * columns', the status, assignee and due date filters, row options by the row's flags, checked
 * rows deleted together, and the exports of what the filters show.
 */
export function ActionsTable({ organizationId, onSuccess }: ActionsTableProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [state, dispatch] = useTableState({ defaultSort: { key: 'number', direction: 'desc' } });
  const params = listQuery(state);
  const list = useActionList(organizationId, params, state.filters);
  const remove = useDeleteActions(organizationId);
  const [pending, setPending] = useState<PendingDelete>(null);
  const open = (a: Action, edit = false) =>
    void navigate(actionPath(organizationId, a.id), { state: { name: nameOf(a), edit } });
  const person = (p: Action['assignee']) => fullName(p);
  const linkText = useLinkText();
  /** The name in the reader's language (an automatic action's), else as written. */
  const nameOf = (a: Action) => localActionName(a, i18n.language);

  const deleteChosen = () => {
    if (!pending) return;
    remove.mutate(pending.ids, {
      onSuccess: (answer) => {
        onSuccess(answer.message, t('actions.deleted'));
        pending.done?.();
        setPending(null);
      },
    });
  };

  const options = (a: Action) => (
    <RowOptions
      rowName={nameOf(a)}
      options={[
        { key: 'view', icon: <EyeOutlined />, label: t('actions.viewDetails'), onClick: () => open(a) },
        a.canBeEdited && {
          key: 'edit',
          icon: <EditOutlined />,
          label: t('actions.edit'),
          onClick: () => open(a, true),
        },
        a.canBeDeleted && {
          key: 'delete',
          icon: <DeleteOutlined />,
          danger: true,
          label: t('actions.delete'),
          onClick: () => setPending({ ids: [a.id] }),
        },
      ]}
    />
  );

  const columns: DataTableColumn<Action>[] = [
    {
      key: 'number',
      title: t('actions.columns.number'),
      width: 12,
      sortKey: 'number' satisfies SortKey,
      text: (a) => String(a.number),
    },
    {
      key: 'name',
      title: t('actions.columns.name'),
      width: 20,
      minWidth: NAME_MIN_PX,
      sortKey: 'name' satisfies SortKey,
      text: nameOf,
      render: (a) => {
        const name = nameOf(a);
        return (
          <Link to={actionPath(organizationId, a.id)} state={{ name }} className="qualis-cell-text">
            {name.length > NAME_TOOLTIP_LENGTH ? <Tooltip title={name}>{name}</Tooltip> : name}
          </Link>
        );
      },
    },
    {
      key: 'assignee',
      title: t('actions.columns.assignee'),
      width: 15,
      sortKey: 'assignee' satisfies SortKey,
      text: (a) => person(a.assignee),
      tooltip: 10,
    },
    {
      key: 'status',
      title: t('actions.columns.status'),
      width: 12,
      sortKey: 'status' satisfies SortKey,
      render: (a) => <ActionStatusTag status={a.status} />,
    },
    {
      key: 'dueDate',
      title: t('actions.columns.dueDate'),
      width: 13,
      sortKey: 'dueDate' satisfies SortKey,
      text: (a) => formatDate(a.dueDate, i18n.language),
    },
    {
      key: 'link',
      title: t('actions.columns.link'),
      width: 18,
      render: (a) =>
        a.link ? (
          <EnteredLink href={a.link} className="qualis-cell-text">
            {linkText(a.link, a.linkDescription)}
          </EnteredLink>
        ) : (
          <Typography.Text type="secondary">{t('actions.noLink')}</Typography.Text>
        ),
    },
    {
      key: 'creator',
      title: t('actions.columns.creator'),
      width: 14,
      sortKey: 'creator' satisfies SortKey,
      hiddenByDefault: true,
      text: (a) => person(a.creator),
      tooltip: 10,
    },
    {
      key: 'assigner',
      title: t('actions.columns.assigner'),
      width: 14,
      sortKey: 'assigner' satisfies SortKey,
      hiddenByDefault: true,
      text: (a) => person(a.assigner),
      tooltip: 10,
    },
    {
      key: 'creationDate',
      title: t('actions.columns.creationDate'),
      width: 11,
      sortKey: 'creationDate' satisfies SortKey,
      hiddenByDefault: true,
      text: (a) => formatDate(a.createdAt, i18n.language),
    },
    {
      key: 'creationTime',
      title: t('actions.columns.creationTime'),
      width: 10,
      hiddenByDefault: true,
      text: (a) => formatTime(a.createdAt, i18n.language),
    },
    { key: 'options', title: t('actions.columns.options'), width: 22, render: options },
  ];

  return (
    <>
      <DataTable
        columns={columns}
        rows={list.data?.data ?? []}
        rowKey={(a) => a.id}
        totalCount={list.data?.pagination.totalCount}
        totalCapped={list.data?.pagination.totalCapped}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        loading={list.isFetching}
        state={state}
        dispatch={dispatch}
        emptyText={t('actions.empty')}
        onRowClick={(a) => open(a)}
        filters={<ActionFilters organizationId={organizationId} filters={state.filters} dispatch={dispatch} />}
        selectionActions={({ selectedKeys, clear }) => (
          <Button danger icon={<DeleteOutlined />} onClick={() => setPending({ ids: selectedKeys, done: clear })}>
            {t('actions.deleteSelected', { count: selectedKeys.length })}
          </Button>
        )}
        exportMenu={({ selectedKeys, columns: visible }) => (
          <ExportMenu
            endpoint={endpoints.actions.exportCsv}
            pdf={{ single: endpoints.actions.exportSinglePdf, archive: endpoints.actions.exportPdfArchive }}
            query={{
              organizationId,
              ...state.filters,
              search: params.search,
              orderBy: params.orderBy,
              orderType: params.orderType,
            }}
            selectedKeys={selectedKeys}
            columns={visible}
          />
        )}
      />
      <Modal
        open={pending !== null}
        title={t('actions.deleteTitle')}
        okText={t('actions.delete')}
        okButtonProps={{ danger: true, loading: remove.isPending }}
        cancelText={t('common.cancel')}
        onCancel={() => setPending(null)}
        onOk={deleteChosen}
      >
        <Typography.Paragraph>{t('actions.deleteText', { count: pending?.ids.length ?? 0 })}</Typography.Paragraph>
      </Modal>
    </>
  );
}
