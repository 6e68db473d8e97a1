import { DeleteOutlined, EditOutlined, EyeOutlined, StopOutlined } from '@ant-design/icons';
import {
  DELETE_REASON_MAX_LENGTH,
  DOCUMENT_DEFAULT_COLUMNS,
  DOCUMENT_SORT_KEYS,
  DOCUMENT_STATUSES,
  NAME_TOOLTIP_LENGTH,
  documentExportEndpoints,
  type DocumentColumn,
  type DocumentRow,
  type DocumentStatus,
} from '@qualis/contract';
import { Button, Checkbox, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
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
import { formatDate } from '../../shared/dates';
import { useEntries } from '../settings/settings.api';
import { DocumentFileButton } from './DocumentFileButton';
import { DocumentStatusTag } from './DocumentStatusTag';
import { RowLifecycle } from './RevisionLifecycle';
import { ExportAttachmentsModal } from './ExportAttachmentsModal';
import { ReasonModal } from './ReasonModal';
import { useDeleteDocuments, useDocumentList } from './documents.api';
import { WithdrawModal, type WithdrawTarget } from './WithdrawModal';
import { DOCUMENT_TYPE_TOOLTIP_LENGTH, documentPath } from './document-paths';

type SortKey = (typeof DOCUMENT_SORT_KEYS)[number];
type PendingDelete = { ids: string[]; done?: () => void } | null;

const hidden = (column: DocumentColumn) => !DOCUMENT_DEFAULT_COLUMNS.includes(column);

export interface DocumentsTableProps {
  organizationId: string;
  onSuccess: SuccessToast;
}

/**
 * 'List of Documents' (spec 03 sections 2 and 9): the effective revision of each document the
 * person may see (the latest while none took effect), its pending one beside it, filtered by document types; row options by the row's flags, checked rows deleted
 * together, the exports and the attachments' export.
 */
export function DocumentsTable({ organizationId, onSuccess }: DocumentsTableProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [state, dispatch] = useTableState({ defaultSort: { key: 'number', direction: 'desc' } });
  const [docTypeIds, setDocTypeIds] = useState<string[]>([]);
  // Obsolete finds the withdrawn documents (a released document is withdrawn, never deleted).
  const [statuses, setStatuses] = useState<DocumentStatus[]>([]);
  // The dashboard's 'Overdue reviews' opens the list with ?reviewOverdue=true.
  const [search] = useSearchParams();
  const [isReviewOverdue, setReviewOverdue] = useState(search.get('reviewOverdue') === 'true');
  const params = { ...listQuery(state), docTypeIds, statuses, ...(isReviewOverdue && { isReviewOverdue }) };
  const list = useDocumentList(organizationId, params);
  const types = useEntries(organizationId, 'document-types');
  const remove = useDeleteDocuments(organizationId);
  const [pending, setPending] = useState<PendingDelete>(null);
  const [attachments, setAttachments] = useState(false);
  const [withdrawing, setWithdrawing] = useState<WithdrawTarget | null>(null);
  const open = (d: DocumentRow, edit = false) =>
    void navigate(documentPath(organizationId, d.id, d.revision), { state: { name: d.name, edit } });

  // A released document is never deleted (the server answers 409, naming the withdrawal); a
  // reason is offered for the audit trail.
  const deleteChosen = (reason: string | null) => {
    if (!pending) return;
    remove.mutate(
      { documentIds: pending.ids, reason },
      {
        onSuccess: (answer) => {
          onSuccess(answer.message, t('documents.deleted'));
          pending.done?.();
          setPending(null);
        },
      },
    );
  };

  const options = (d: DocumentRow) => (
    <RowOptions
      rowName={d.name}
      options={[
        { key: 'view', icon: <EyeOutlined />, label: t('documents.viewDetails'), onClick: () => open(d) },
        { key: 'edit', icon: <EditOutlined />, label: t('documents.edit'), onClick: () => open(d, true) },
        d.canBeDeleted && {
          key: 'delete',
          icon: <DeleteOutlined />,
          danger: true,
          label: t('documents.delete'),
          onClick: () => setPending({ ids: [d.id] }),
        },
        // Where Delete is refused (the document was released), Withdraw.
        d.canWithdraw && {
          key: 'withdraw',
          icon: <StopOutlined />,
          danger: true,
          label: t('documents.withdraw'),
          onClick: () => setWithdrawing({ documentId: d.id, name: d.name }),
        },
      ]}
    />
  );

  const date = (value: string | null) => formatDate(value, i18n.language);
  const columns: DataTableColumn<DocumentRow>[] = [
    {
      key: 'typeDescription',
      title: t('documents.columns.typeDescription'),
      width: 12,
      sortKey: 'typeDescription' satisfies SortKey,
      // Without a Document ID, the document type's name; in full in a tooltip when long (spec 03 section 9).
      text: (d) => d.typeDescription || d.type,
      tooltip: DOCUMENT_TYPE_TOOLTIP_LENGTH,
    },
    {
      key: 'name',
      title: t('documents.columns.name'),
      width: 18,
      minWidth: NAME_MIN_PX,
      sortKey: 'name' satisfies SortKey,
      render: (d) => (
        <Link to={documentPath(organizationId, d.id, d.revision)} state={{ name: d.name }} className="qualis-cell-text">
          {d.name.length > NAME_TOOLTIP_LENGTH ? <Tooltip title={d.name}>{d.name}</Tooltip> : d.name}
        </Link>
      ),
    },
    {
      key: 'number',
      title: t('documents.columns.number'),
      width: 9,
      sortKey: 'number' satisfies SortKey,
      text: (d) => String(d.number),
    },
    {
      key: 'revision',
      title: t('documents.columns.revision'),
      width: 8,
      sortKey: 'revision' satisfies SortKey,
      text: (d) => String(d.revision),
    },
    {
      key: 'isFinal',
      title: t('documents.columns.isFinal'),
      width: 7,
      sortKey: 'isFinal' satisfies SortKey,
      text: (d) => (d.isFinal ? t('common.yes') : t('common.no')),
    },
    {
      key: 'status',
      title: t('documents.columns.status'),
      width: 12,
      sortKey: 'status' satisfies SortKey,
      render: (d) => <DocumentStatusTag revision={d} withFinal={false} />,
    },
    {
      key: 'lifecycle',
      title: t('documents.columns.lifecycle'),
      width: 18,
      sortKey: 'lifecycle' satisfies SortKey,
      render: (d) => <RowLifecycle row={d} />,
    },
    {
      key: 'approvedAt',
      title: t('documents.columns.approvedAt'),
      width: 10,
      sortKey: 'approvedAt' satisfies SortKey,
      text: (d) => date(d.approvedAt),
    },
    {
      key: 'effectiveAt',
      title: t('documents.columns.effectiveAt'),
      width: 10,
      sortKey: 'effectiveAt' satisfies SortKey,
      text: (d) => date(d.effectiveAt),
    },
    {
      key: 'reviewedAt',
      title: t('documents.columns.reviewedAt'),
      width: 10,
      sortKey: 'reviewedAt' satisfies SortKey,
      hiddenByDefault: hidden('reviewedAt'),
      text: (d) => date(d.reviewedAt),
    },
    {
      key: 'reasonForChange',
      title: t('documents.columns.reasonForChange'),
      width: 16,
      hiddenByDefault: hidden('reasonForChange'),
      text: (d) => d.reasonForChange ?? '—',
    },
    {
      key: 'file',
      title: t('documents.columns.file'),
      width: 14,
      render: (d) =>
        d.file && (
          <DocumentFileButton organizationId={organizationId} documentId={d.id} revision={d.revision} file={d.file} />
        ),
    },
    { key: 'options', title: t('documents.columns.options'), width: 18, render: options },
  ];

  return (
    <>
      <DataTable
        columns={columns}
        rows={list.data?.data ?? []}
        rowKey={(d) => d.id}
        totalCount={list.data?.pagination.totalCount}
        totalCapped={list.data?.pagination.totalCapped}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        loading={list.isFetching}
        state={state}
        dispatch={dispatch}
        emptyText={t('documents.empty')}
        onRowClick={(d) => open(d)}
        filters={
          <Space wrap>
            <Select
              className="qualis-table-filter"
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              aria-label={t('documents.filterTypes')}
              placeholder={t('documents.filterTypes')}
              loading={types.isLoading}
              optionFilterProp="label"
              value={docTypeIds}
              onChange={(ids: string[]) => {
                setDocTypeIds(ids);
                dispatch({ type: 'page', pageNumber: 1 });
              }}
              options={(types.data ?? []).map((type) => ({
                value: type.id,
                label: type.name,
                title: type.name.length > DOCUMENT_TYPE_TOOLTIP_LENGTH ? type.name : undefined,
              }))}
            />
            <Select
              className="qualis-table-filter"
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              aria-label={t('documents.filterStatuses')}
              placeholder={t('documents.filterStatuses')}
              value={statuses}
              onChange={(chosen: DocumentStatus[]) => {
                setStatuses(chosen);
                dispatch({ type: 'page', pageNumber: 1 });
              }}
              options={DOCUMENT_STATUSES.map((status) => ({ value: status, label: t(`documents.status.${status}`) }))}
            />
            <Checkbox
              checked={isReviewOverdue}
              onChange={(e) => {
                setReviewOverdue(e.target.checked);
                dispatch({ type: 'page', pageNumber: 1 });
              }}
            >
              {t('periodicReview.filterOverdue')}
            </Checkbox>
          </Space>
        }
        selectionActions={({ selectedKeys, clear }) => (
          <Button danger icon={<DeleteOutlined />} onClick={() => setPending({ ids: selectedKeys, done: clear })}>
            {t('documents.deleteSelected', { count: selectedKeys.length })}
          </Button>
        )}
        exportMenu={({ selectedKeys, columns: visible }) => (
          <ExportMenu
            endpoint={documentExportEndpoints.exportCsv}
            pdf={{ single: documentExportEndpoints.exportSinglePdf, archive: documentExportEndpoints.exportPdfArchive }}
            query={{
              organizationId,
              search: params.search,
              orderBy: params.orderBy,
              orderType: params.orderType,
              docTypeIds,
              statuses,
            }}
            selectedKeys={selectedKeys}
            columns={visible}
            extraItems={[
              { key: 'attachments', label: t('documents.attachments'), onClick: () => setAttachments(true) },
            ]}
          />
        )}
      />
      <ExportAttachmentsModal
        organizationId={organizationId}
        statuses={statuses}
        open={attachments}
        onClose={() => setAttachments(false)}
      />
      <ReasonModal
        open={pending !== null}
        title={t('documents.deleteTitle')}
        text={t('documents.deleteText', { count: pending?.ids.length ?? 0 })}
        okText={t('documents.delete')}
        danger
        reasonRequired={false}
        reasonOffered
        reasonHelp={t('documents.deleteSelectedReasonHelp')}
        maxLength={DELETE_REASON_MAX_LENGTH}
        loading={remove.isPending}
        onCancel={() => setPending(null)}
        onOk={deleteChosen}
      />
      <WithdrawModal
        organizationId={organizationId}
        target={withdrawing}
        onCancel={() => setWithdrawing(null)}
        onDone={(message) => {
          onSuccess(message, t('documents.withdrawn'));
          setWithdrawing(null);
        }}
      />
    </>
  );
}
