import type { DocumentHistoryEntry, HistoryChange } from '@qualis/contract';
import { Button, Result, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/dates';
import { useDocumentHistory } from './documents.api';

/** Rows of a page of the history. */
export const HISTORY_PAGE_SIZE = 25;
/** A changed value longer than this is cut, the whole of it in a tooltip (a SHA-256's 64 digits fit). */
const VALUE_MAX_CHARS = 80;
/** The actions the server writes with a label of their own; any other is shown as written. */
const ACTIONS = [
  'create',
  'update',
  'addRevision',
  'deleteRevision',
  'statusChange',
  'sign',
  'signatureRefused',
  'controlledCopy',
  'withdraw',
  'delete',
] as const;

const isKnown = (action: string): action is (typeof ACTIONS)[number] => (ACTIONS as readonly string[]).includes(action);

/** The fields the server writes in document events with a label in every language; any other keeps the server's. */
const FIELDS = [
  'name',
  'number',
  'typeDescription',
  'typeId',
  'submitterId',
  'fileId',
  'extraFileIds',
  'tagIds',
  'revisionName',
  'revisionDescription',
  'reasonForChange',
  'reviewerIds',
  'approverIds',
  'requiresTraining',
  'trainingRecordId',
  'status',
  'isFinal',
  'finalAt',
  'meaning',
  'comment',
  'signature',
  'signerName',
  'signerEmail',
  'signedAt',
  'signatureCycle',
  'kind',
  'fileSha256',
  'passwordConfirmed',
  'accessCodeConfirmed',
] as const;

const isLabelled = (field: string): field is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(field);

function Value({ text }: { text: string }) {
  if (text.length <= VALUE_MAX_CHARS) return <span>{text}</span>;
  return (
    <Tooltip title={<span className="qualis-pre-line">{text}</span>}>
      <span tabIndex={0}>{`${text.slice(0, VALUE_MAX_CHARS - 1)}…`}</span>
    </Tooltip>
  );
}

/**
 * Each change as the server reads it (names, not ids; no line for what did not change):
 * 'Reviewers: — → Otto Reviewer', only the value when the event sets it.
 */
function Changes({ entry }: { entry: DocumentHistoryEntry }) {
  const { t } = useTranslation();
  const label = (change: HistoryChange) =>
    isLabelled(change.field) ? t(`documents.history.fields.${change.field}`) : change.label;
  if (!entry.changes.length && !entry.reason) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <ul className="qualis-plain-list qualis-history-changes">
      {entry.changes.map((change) => (
        <li key={change.field}>
          <Typography.Text strong>{label(change)}</Typography.Text>:{' '}
          {change.before !== null && (
            <>
              <Value text={change.before} />
              {' → '}
            </>
          )}
          <Value text={change.after} />
        </li>
      ))}
      {entry.reason && (
        <li>
          <Typography.Text type="secondary">{entry.reason}</Typography.Text>
        </li>
      )}
    </ul>
  );
}

/**
 * History (21 CFR 11.10(e)): the document's audit trail, oldest first as the server gives it,
 * 25 events a page. Shown to those who may see General (the server answers 403 to others).
 */
export function HistorySection({ organizationId, documentId }: { organizationId: string; documentId: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useDocumentHistory(organizationId, documentId, page, HISTORY_PAGE_SIZE);
  const rows = history.data?.data ?? [];
  const total = history.data?.pagination.totalCount ?? 0;
  const action = (name: string): string => (isKnown(name) ? t(`documents.history.actions.${name}`) : name);

  const empty = history.isError ? (
    <Result
      status="warning"
      title={t('table.loadFailed')}
      extra={
        <Button type="primary" onClick={() => void history.refetch()}>
          {t('table.retry')}
        </Button>
      }
    />
  ) : history.isPending ? (
    <div className="qualis-table-loading" />
  ) : (
    t('documents.history.empty')
  );

  return (
    <Table<DocumentHistoryEntry>
      rowKey="seq"
      size="middle"
      dataSource={history.isError ? [] : rows}
      loading={history.isFetching && !history.isError}
      locale={{ emptyText: empty }}
      scroll={{ x: 720 }}
      pagination={{
        current: page,
        pageSize: HISTORY_PAGE_SIZE,
        total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (all, [from, to]) => t('table.range', { from, to, total: all }),
        onChange: setPage,
      }}
      columns={[
        {
          key: 'occurredAt',
          title: t('documents.history.when'),
          width: 200,
          render: (_, entry) => formatDateTime(entry.occurredAt, i18n.language),
        },
        {
          key: 'actor',
          title: t('documents.history.who'),
          width: 200,
          render: (_, entry) => entry.actorEmail ?? t('documents.history.system'),
        },
        {
          key: 'action',
          title: t('documents.history.what'),
          width: 170,
          render: (_, entry) => action(entry.action),
        },
        {
          key: 'revision',
          title: t('documents.history.revision'),
          width: 90,
          render: (_, entry) => entry.revision ?? '—',
        },
        {
          key: 'changes',
          title: t('documents.history.changes'),
          render: (_, entry) => <Changes entry={entry} />,
        },
      ]}
    />
  );
}
