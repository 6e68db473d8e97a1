import { DeleteOutlined, EditOutlined, EyeOutlined, TeamOutlined } from '@ant-design/icons';
import {
  NAME_TOOLTIP_LENGTH,
  TRAINING_DEFAULT_COLUMNS,
  TRAINING_SORT_KEYS,
  TRAINING_STATUS_FILTERS,
  endpoints,
  type TrainingColumn,
  type TrainingRecordRow,
  type TrainingStatusFilter,
} from '@qualis/contract';
import { Button, Flex, Modal, Select, Tag, Tooltip, Typography } from 'antd';
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
import { EnteredLink, useLinkText } from '../actions/EnteredLink';
import { formatDate, formatTime } from '../../shared/dates';
import { fullName } from '../people/row-actions';
import { TrainingStatusTag } from './TrainingStatusTag';
import { useDeleteTrainings, useTrainingList } from './training-records.api';
import { trainingPath, type TrainingNavigationState } from './training-paths';

type SortKey = (typeof TRAINING_SORT_KEYS)[number];
type PendingDelete = { ids: string[]; done?: () => void } | null;

const hidden = (column: TrainingColumn) => !TRAINING_DEFAULT_COLUMNS.includes(column);

/** Chips the Assignees cell shows before '+k more'. */
const ASSIGNEE_CHIPS = 3;

/**
 * The Assignees cell: the people and user groups chosen, a group as "name (members)"; past
 * ASSIGNEE_CHIPS a "+k more" chip whose tooltip names the rest.
 */
function AssigneeChips({ row }: { row: TrainingRecordRow }) {
  const { t } = useTranslation();
  const chips = [
    ...row.assigneeUsers.map((p) => ({ key: p.id, label: fullName(p), title: undefined, group: false })),
    ...row.assigneeUserGroups.map((g) => ({
      key: g.id,
      label: t('trainings.groupChip', { name: g.name, count: g.userCount }),
      title: t('trainings.groupOption', { name: g.name, count: g.userCount }),
      group: true,
    })),
  ];
  const rest = chips.slice(ASSIGNEE_CHIPS);
  return (
    <Flex wrap gap={4}>
      {chips.slice(0, ASSIGNEE_CHIPS).map((c) => (
        <Tag key={c.key} title={c.title} icon={c.group ? <TeamOutlined aria-hidden /> : undefined}>
          {c.label}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map((c) => c.label).join(', ')}>
          <Tag>{t('trainings.moreAssignees', { count: rest.length })}</Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

export interface TrainingRecordsTableProps {
  organizationId: string;
  onSuccess: SuccessToast;
}

/**
 * 'List of Training Records' (spec 03 sections 2 and 9): the trainings the person may see,
 * filtered by their own status on them; row options by the row's flags, checked rows deleted
 * together, and the CSV and PDF exports.
 */
export function TrainingRecordsTable({ organizationId, onSuccess }: TrainingRecordsTableProps) {
  const { t, i18n } = useTranslation();
  const linkText = useLinkText();
  const navigate = useNavigate();
  const [state, dispatch] = useTableState({ defaultSort: { key: 'number', direction: 'desc' } });
  const [status, setStatus] = useState<TrainingStatusFilter>('All');
  const params = { ...listQuery(state), status };
  const list = useTrainingList(organizationId, params);
  const remove = useDeleteTrainings(organizationId);
  const [pending, setPending] = useState<PendingDelete>(null);
  const open = (r: TrainingRecordRow, openEditMode = false) =>
    void navigate(trainingPath(organizationId, r.id), {
      state: { name: r.name, openEditMode } satisfies TrainingNavigationState,
    });

  const deleteChosen = () => {
    if (!pending) return;
    remove.mutate(pending.ids, {
      onSuccess: (answer) => {
        onSuccess(answer.message, t('trainings.deleted'));
        pending.done?.();
        setPending(null);
      },
    });
  };

  const options = (r: TrainingRecordRow) => (
    <RowOptions
      rowName={r.name}
      options={[
        { key: 'view', icon: <EyeOutlined />, label: t('trainings.viewDetails'), onClick: () => open(r) },
        r.canBeEdited && {
          key: 'edit',
          icon: <EditOutlined />,
          label: t('trainings.edit'),
          onClick: () => open(r, true),
        },
        r.canBeDeleted && {
          key: 'delete',
          icon: <DeleteOutlined />,
          danger: true,
          label: t('trainings.delete'),
          onClick: () => setPending({ ids: [r.id] }),
        },
      ]}
    />
  );

  const columns: DataTableColumn<TrainingRecordRow>[] = [
    {
      key: 'number',
      title: t('trainings.columns.number'),
      width: 10,
      sortKey: 'number' satisfies SortKey,
      text: (r) => String(r.number),
    },
    {
      key: 'name',
      title: t('trainings.columns.name'),
      width: 18,
      minWidth: NAME_MIN_PX,
      sortKey: 'name' satisfies SortKey,
      render: (r) => (
        <Link to={trainingPath(organizationId, r.id)} state={{ name: r.name }} className="qualis-cell-text">
          {r.name.length > NAME_TOOLTIP_LENGTH ? <Tooltip title={r.name}>{r.name}</Tooltip> : r.name}
        </Link>
      ),
    },
    {
      key: 'assignees',
      title: t('trainings.columns.assignees'),
      width: 16,
      render: (r) => <AssigneeChips row={r} />,
    },
    {
      key: 'status',
      title: t('trainings.columns.status'),
      width: 10,
      sortKey: 'status' satisfies SortKey,
      render: (r) => <TrainingStatusTag status={r.trainingStatus} />,
    },
    {
      key: 'link',
      title: t('trainings.columns.link'),
      width: 14,
      render: (r) =>
        r.link ? (
          <EnteredLink href={r.link} className="qualis-cell-text">
            {linkText(r.link, r.linkDescription)}
          </EnteredLink>
        ) : (
          <Typography.Text type="secondary">{t('trainings.noLink')}</Typography.Text>
        ),
    },
    {
      key: 'assigner',
      title: t('trainings.columns.assigner'),
      width: 13,
      sortKey: 'assigner' satisfies SortKey,
      text: (r) => fullName(r.assigner),
      tooltip: 10,
    },
    {
      key: 'dueDate',
      title: t('trainings.columns.dueDate'),
      width: 11,
      sortKey: 'dueDate' satisfies SortKey,
      text: (r) => formatDate(r.dueDate, i18n.language),
    },
    {
      key: 'creator',
      title: t('trainings.columns.creator'),
      width: 13,
      sortKey: 'creator' satisfies SortKey,
      hiddenByDefault: hidden('creator'),
      text: (r) => fullName(r.creator),
      tooltip: 10,
    },
    {
      key: 'creationDate',
      title: t('trainings.columns.creationDate'),
      width: 11,
      sortKey: 'creationDate' satisfies SortKey,
      hiddenByDefault: hidden('creationDate'),
      text: (r) => formatDate(r.createdAt, i18n.language),
    },
    {
      key: 'creationTime',
      title: t('trainings.columns.creationTime'),
      width: 10,
      hiddenByDefault: hidden('creationTime'),
      text: (r) => formatTime(r.createdAt, i18n.language),
    },
    { key: 'options', title: t('trainings.columns.options'), width: 20, render: options },
  ];

  return (
    <>
      <DataTable
        columns={columns}
        rows={list.data?.data ?? []}
        rowKey={(r) => r.id}
        totalCount={list.data?.pagination.totalCount}
        totalCapped={list.data?.pagination.totalCapped}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        loading={list.isFetching}
        state={state}
        dispatch={dispatch}
        emptyText={t('trainings.empty')}
        onRowClick={(r) => open(r)}
        filters={
          <Select
            className="qualis-table-filter"
            aria-label={t('trainings.filterStatus')}
            value={status}
            onChange={(next: TrainingStatusFilter) => {
              setStatus(next);
              dispatch({ type: 'page', pageNumber: 1 });
            }}
            options={TRAINING_STATUS_FILTERS.map((filter) => ({
              value: filter,
              label: t(`trainings.filters.${filter}`),
            }))}
          />
        }
        selectionActions={({ selectedKeys, clear }) => (
          <Button danger icon={<DeleteOutlined />} onClick={() => setPending({ ids: selectedKeys, done: clear })}>
            {t('trainings.deleteSelected', { count: selectedKeys.length })}
          </Button>
        )}
        exportMenu={({ selectedKeys, columns: visible }) => (
          <ExportMenu
            endpoint={endpoints.trainingRecords.exportCsv}
            pdf={{
              single: endpoints.trainingRecords.exportSinglePdf,
              archive: endpoints.trainingRecords.exportPdfArchive,
            }}
            query={{
              organizationId,
              search: params.search,
              orderBy: params.orderBy,
              orderType: params.orderType,
              status,
            }}
            selectedKeys={selectedKeys}
            columns={visible}
          />
        )}
      />
      <Modal
        open={pending !== null}
        title={t('trainings.deleteTitle')}
        okText={t('trainings.delete')}
        okButtonProps={{ danger: true, loading: remove.isPending }}
        cancelText={t('common.cancel')}
        onCancel={() => setPending(null)}
        onOk={deleteChosen}
      >
        <Typography.Paragraph>{t('trainings.deleteText', { count: pending?.ids.length ?? 0 })}</Typography.Paragraph>
      </Modal>
    </>
  );
}
