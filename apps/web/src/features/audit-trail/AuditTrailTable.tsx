import { AimOutlined, CheckOutlined, DownloadOutlined, UserOutlined } from '@ant-design/icons';
import type { AuditTrailEvent, AuditTrailFilters as Filters } from '@qualis/contract';
import { Button, Dropdown, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, RowOptions, listQuery, useTableState, type DataTableColumn } from '../../components/DataTable';
import type { TableFilters } from '../../components/DataTable/table-state';
import { useExportAnswer } from '../../components/ExportMenu';
import type { SuccessToast } from '../../components/useSuccessToast';
import { formatDateTime } from '../../shared/dates';
import { AuditTrailFilters } from './AuditTrailFilters';
import { downloadAuditTrail, useAuditTrail, type TrailOwner } from './audit-trail.api';
import { MarkReviewedModal } from './MarkReviewedModal';
import './audit-trail.css';

const FILTER_KEYS = ['actorUserId', 'entityType', 'entityId', 'action', 'from', 'to'] as const;

/** The table state's filters as the API's. */
const filtersOf = (filters: TableFilters): Filters =>
  Object.fromEntries(
    FILTER_KEYS.flatMap((key) => (typeof filters[key] === 'string' && filters[key] ? [[key, filters[key]]] : [])),
  ) as Filters;

/** An event's changes, one line each: 'Name: Calibration → Calibration team'. */
function Changes({ event }: { event: AuditTrailEvent }) {
  return (
    <div className="qualis-audit-changes">
      {event.changes.map((c) => (
        <div key={c.field}>
          <Typography.Text strong>{c.label}:</Typography.Text>{' '}
          {c.before === null ? c.after : `${c.before} → ${c.after}`}
        </div>
      ))}
    </div>
  );
}

export interface AuditTrailTableProps {
  owner: TrailOwner;
  /** The chain's last event as verified (the end of a review's range); 0 while unknown. */
  lastSeq: number;
  onSuccess: SuccessToast;
}

/**
 * The audit trail (issue 23): its events newest first, paged by the server, with the filters,
 * row options that narrow the view to a row's record or person, the CSV and PDF exports of the
 * filtered view, and 'Mark reviewed'.
 */
export function AuditTrailTable({ owner, lastSeq, onSuccess }: AuditTrailTableProps) {
  const { t, i18n } = useTranslation();
  const [state, dispatch] = useTableState({ defaultSort: { key: 'seq', direction: 'desc' } });
  const params = listQuery(state);
  const filters = filtersOf(state.filters);
  const list = useAuditTrail(owner, params, filters);
  const [reviewing, setReviewing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const handOver = useExportAnswer();

  const download = async (format: 'csv' | 'pdf') => {
    setExporting(true);
    try {
      handOver(await downloadAuditTrail(owner, format, { ...params, ...filters }));
    } catch {
      // The API client has shown the reason (e.g. 'No records to export').
    } finally {
      setExporting(false);
    }
  };

  const narrow = (pairs: [string, string | null][]) => {
    for (const [key, value] of pairs) dispatch({ type: 'filter', key, value: value ?? undefined });
  };
  const options = (e: AuditTrailEvent) => (
    <RowOptions
      rowName={`#${e.seq}`}
      options={[
        e.entityId !== null && {
          key: 'record',
          icon: <AimOutlined />,
          label: t('auditTrail.options.record'),
          onClick: () =>
            narrow([
              ['entityType', e.entityType],
              ['entityId', e.entityId],
            ]),
        },
        owner !== undefined &&
          e.actorUserId !== null && {
            key: 'person',
            icon: <UserOutlined />,
            label: t('auditTrail.options.person'),
            onClick: () => narrow([['actorUserId', e.actorUserId]]),
          },
      ]}
    />
  );

  const columns: DataTableColumn<AuditTrailEvent>[] = [
    {
      key: 'seq',
      title: t('auditTrail.columns.seq'),
      width: 6,
      sortKey: 'seq',
      sortFirst: 'desc',
      text: (e) => String(e.seq),
    },
    {
      key: 'occurredAt',
      title: t('auditTrail.columns.occurredAt'),
      width: 17,
      tooltip: 10,
      text: (e) => formatDateTime(e.occurredAt, i18n.language, 'UTC'),
    },
    {
      key: 'person',
      title: t('auditTrail.columns.person'),
      width: 14,
      text: (e) => e.actorEmail ?? t('auditTrail.system'),
      tooltip: 30,
    },
    { key: 'entityType', title: t('auditTrail.columns.entityType'), width: 11, text: (e) => e.entityType },
    {
      key: 'entityId',
      title: t('auditTrail.columns.entityId'),
      width: 12,
      hiddenByDefault: true,
      text: (e) => e.entityId ?? '',
    },
    { key: 'action', title: t('auditTrail.columns.action'), width: 10, text: (e) => e.action },
    { key: 'changes', title: t('auditTrail.columns.changes'), width: 30, render: (e) => <Changes event={e} /> },
    { key: 'reason', title: t('auditTrail.columns.reason'), width: 9, text: (e) => e.reason ?? '', tooltip: 40 },
    {
      key: 'infoType',
      title: t('auditTrail.columns.infoType'),
      width: 12,
      hiddenByDefault: true,
      text: (e) => e.infoType,
    },
    { key: 'ip', title: t('auditTrail.columns.ip'), width: 10, hiddenByDefault: true, text: (e) => e.actorIp ?? '' },
    { key: 'options', title: t('auditTrail.columns.options'), width: 10, render: options },
  ];

  return (
    <>
      <DataTable
        columns={columns}
        rows={list.data?.data ?? []}
        rowKey={(e) => String(e.seq)}
        totalCount={list.data?.pagination.totalCount}
        totalCapped={list.data?.pagination.totalCapped}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        loading={list.isFetching}
        state={state}
        dispatch={dispatch}
        emptyText={t('auditTrail.empty')}
        searchable={false}
        selectable={false}
        filters={<AuditTrailFilters organizationId={owner} filters={state.filters} dispatch={dispatch} />}
        exportMenu={() => (
          <Space wrap>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'csv', label: t('table.csvFile'), onClick: () => void download('csv') },
                  { key: 'pdf', label: t('auditTrail.pdfFile'), onClick: () => void download('pdf') },
                ],
              }}
            >
              <Button icon={<DownloadOutlined />} loading={exporting}>
                {t('table.export')}
              </Button>
            </Dropdown>
            <Button type="primary" icon={<CheckOutlined />} disabled={lastSeq < 1} onClick={() => setReviewing(true)}>
              {t('auditTrail.review.open')}
            </Button>
          </Space>
        )}
      />
      <MarkReviewedModal
        owner={owner}
        open={reviewing}
        filters={filters}
        lastSeq={lastSeq}
        onClose={() => setReviewing(false)}
        onSuccess={onSuccess}
      />
    </>
  );
}
