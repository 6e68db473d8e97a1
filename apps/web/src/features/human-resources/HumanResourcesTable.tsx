import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { HR_SORT_KEYS, TEXT_TOOLTIP_LENGTH, endpoints, type HrRecordRow } from '@qualis/contract';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, listQuery, RowOptions, useTableState, type DataTableColumn } from '../../components/DataTable';
import { ExportMenu } from '../../components/ExportMenu';
import type { SuccessToast } from '../../components/useSuccessToast';
import { fullName } from '../people/row-actions';
import { HrStatusTag } from './HrStatusTag';
import { useDeleteHrRecords, useHrRecordList } from './hr.api';
import { humanResourcePath, type HumanResourceNavigationState } from './hr-paths';

type SortKey = (typeof HR_SORT_KEYS)[number];

/** The records waiting for the delete confirmation, and what to do once they are gone. */
type PendingDelete = { ids: string[]; done?: () => void } | null;

export interface HumanResourcesTableProps {
  organizationId: string;
  onSuccess: SuccessToast;
}

/**
 * The HR list (spec 03 sections 2 and 7): one row per person who is or was in the organization,
 * with their status; row options by the row's flags, checked rows deleted together (only records
 * of people who left may be), and the CSV and PDF exports.
 */
export function HumanResourcesTable({ organizationId, onSuccess }: HumanResourcesTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Without an order the server sorts by last name, then first name.
  const [state, dispatch] = useTableState({ defaultSort: { key: 'lastName', direction: 'asc' } });
  const params = listQuery(state);
  const list = useHrRecordList(organizationId, params);
  const remove = useDeleteHrRecords(organizationId);
  const [pending, setPending] = useState<PendingDelete>(null);
  const open = (r: HrRecordRow, edit = false) =>
    void navigate(humanResourcePath(organizationId, r.id), {
      state: { name: fullName(r), edit } satisfies HumanResourceNavigationState,
    });

  const deleteChosen = () => {
    if (!pending) return;
    remove.mutate(pending.ids, {
      onSuccess: (answer) => {
        onSuccess(answer.message, t('humanResources.deleted'));
        pending.done?.();
        setPending(null);
      },
    });
  };

  const options = (r: HrRecordRow) => (
    <RowOptions
      rowName={fullName(r)}
      options={[
        { key: 'view', icon: <EyeOutlined />, label: t('humanResources.viewDetails'), onClick: () => open(r) },
        r.canBeEdited && {
          key: 'edit',
          icon: <EditOutlined />,
          label: t('humanResources.edit'),
          onClick: () => open(r, true),
        },
        r.canBeDeleted && {
          key: 'delete',
          icon: <DeleteOutlined />,
          danger: true,
          label: t('humanResources.delete'),
          onClick: () => setPending({ ids: [r.id] }),
        },
      ]}
    />
  );

  const nameLink = (r: HrRecordRow, text: string | null) => (
    <Link
      to={humanResourcePath(organizationId, r.id)}
      state={{ name: fullName(r) } satisfies HumanResourceNavigationState}
      className="qualis-cell-text"
      title={text && text.length > TEXT_TOOLTIP_LENGTH ? text : undefined}
    >
      {text ?? ''}
    </Link>
  );

  const columns: DataTableColumn<HrRecordRow>[] = [
    {
      key: 'firstName',
      title: t('humanResources.columns.firstName'),
      width: 14,
      sortKey: 'firstName' satisfies SortKey,
      text: (r) => r.firstName ?? '',
      render: (r) => nameLink(r, r.firstName),
    },
    {
      key: 'lastName',
      title: t('humanResources.columns.lastName'),
      width: 14,
      sortKey: 'lastName' satisfies SortKey,
      text: (r) => r.lastName ?? '',
      render: (r) => nameLink(r, r.lastName),
    },
    {
      key: 'email',
      title: t('humanResources.columns.email'),
      width: 18,
      sortKey: 'email' satisfies SortKey,
      hiddenByDefault: true,
      text: (r) => r.email,
      tooltip: TEXT_TOOLTIP_LENGTH,
    },
    {
      key: 'role',
      title: t('humanResources.columns.role'),
      width: 11,
      sortKey: 'role' satisfies SortKey,
      text: (r) => t(`roles.${r.role}`),
    },
    {
      key: 'status',
      title: t('humanResources.columns.status'),
      width: 11,
      sortKey: 'status' satisfies SortKey,
      render: (r) => <HrStatusTag status={r.status} />,
    },
    {
      key: 'userGroups',
      title: t('humanResources.columns.userGroups'),
      width: 18,
      text: (r) => r.userGroups.map((g) => g.name).join(', '),
      tooltip: TEXT_TOOLTIP_LENGTH,
    },
    {
      key: 'trainings',
      title: t('humanResources.columns.trainings'),
      width: 20,
      text: (r) => r.trainings.map((training) => training.name).join(', '),
      tooltip: TEXT_TOOLTIP_LENGTH,
    },
    {
      key: 'tags',
      title: t('humanResources.columns.tags'),
      width: 14,
      hiddenByDefault: true,
      text: (r) => r.tags.map((tag) => tag.name).join(', '),
      tooltip: TEXT_TOOLTIP_LENGTH,
    },
    { key: 'options', title: t('humanResources.columns.options'), width: 20, render: options },
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
        emptyText={t('humanResources.empty')}
        onRowClick={(r) => open(r)}
        selectionActions={({ selectedKeys, clear }) => (
          <Button danger icon={<DeleteOutlined />} onClick={() => setPending({ ids: selectedKeys, done: clear })}>
            {t('humanResources.deleteSelected', { count: selectedKeys.length })}
          </Button>
        )}
        exportMenu={({ selectedKeys, columns: visible }) => (
          <ExportMenu
            endpoint={endpoints.hrRecords.exportCsv}
            pdf={{
              single: endpoints.hrRecords.exportSinglePdf,
              archive: endpoints.hrRecords.exportPdfArchive,
            }}
            query={{ organizationId, search: params.search, orderBy: params.orderBy, orderType: params.orderType }}
            selectedKeys={selectedKeys}
            columns={visible}
          />
        )}
      />
      <Modal
        open={pending !== null}
        title={t('humanResources.deleteTitle')}
        okText={t('humanResources.delete')}
        okButtonProps={{ danger: true, loading: remove.isPending }}
        cancelText={t('common.cancel')}
        onCancel={() => setPending(null)}
        onOk={deleteChosen}
      >
        <Typography.Paragraph>
          {t('humanResources.deleteText', { count: pending?.ids.length ?? 0 })}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
