import { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  ORGANIZATION_EXPORT_COLUMNS,
  type OrganizationLogsExportQuery,
  type OrganizationsExportQuery,
} from '@qualis/contract';
import type { AppContext } from '../../core/context.js';
import type { DbOrTx } from '../../db/client.js';
import { PROVIDER_CHAIN, recordAudit, verifyAuditChain, type AuditActor } from '../../core/audit.js';
import { changesText, namesOfHistory, readableChanges } from '../../core/history.js';
import type { Actor } from '../../core/auth.js';
import { csvStream, exportFileName, pickColumns, type CsvColumn } from '../../core/exports.js';
import { enqueueJob, type JobRow } from '../../core/jobs.js';
import { renderMail } from '../../core/mail/templates.js';
import { PROVIDER_CHAIN_NAME, chainVerificationText } from '../organizations/audit-chains.js';
import {
  organizationExportRows,
  organizationIdsMatching,
  type OrganizationRow,
} from '../organizations/organizations.repository.js';
import { findUserByEmail } from '../users/users.repository.js';
import { organizationLogRows, type OrganizationLogRow } from './exports.repository.js';

const ORGANIZATION_COLUMNS: CsvColumn<OrganizationRow>[] = [
  { key: 'name', header: ORGANIZATION_EXPORT_COLUMNS.name, value: (o) => o.name },
  { key: 'status', header: ORGANIZATION_EXPORT_COLUMNS.status, value: (o) => o.status },
  {
    key: 'isManagedByClient',
    header: ORGANIZATION_EXPORT_COLUMNS.isManagedByClient,
    value: (o) => (o.isManagedByClient ? 'Yes' : 'No'),
  },
];

/**
 * The organizations CSV: the list's search and order, the selected rows when any, the visible
 * columns in the client's order; read by keyset while it streams. Nothing to export is a 400.
 */
export function organizationsCsv(ctx: AppContext, query: OrganizationsExportQuery) {
  return {
    columns: pickColumns(ORGANIZATION_COLUMNS, query.columns),
    rows: organizationExportRows(ctx.database.db, { ...query, limit: 1, offset: 0 }, query.selectedIds),
  };
}

export const ORGANIZATION_LOGS_EXPORT_JOB = 'organization-logs-export';

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The logs export job's payload, checked before the job runs. */
export const ZOrganizationLogsExportPayload = z.object({
  requesterEmail: z.string().min(1),
  /** YYYY-MM-DD, both days included. */
  start: ZDay,
  end: ZDay,
  organizationIds: z.array(z.uuid()),
  infoTypes: z.array(z.string()),
  /** Absent: organization changes not included; null: of every organization. */
  organizationChangesOf: z.array(z.uuid()).nullable().optional(),
});
type OrganizationLogsExportPayload = z.infer<typeof ZOrganizationLogsExportPayload>;

/**
 * Queues the logs export and audits the request, in one transaction. Organization changes are
 * taken for the selected organizations; with none selected, for those matching the list's
 * search, or for all of them without a search.
 */
export async function requestOrganizationLogsExport(
  ctx: AppContext,
  actor: Actor,
  audit: AuditActor,
  query: OrganizationLogsExportQuery,
): Promise<void> {
  const { db } = ctx.database;
  let organizationChangesOf: string[] | null | undefined;
  if (query.includeOrganizationChanges) {
    if (query.organizationIds.length > 0) organizationChangesOf = query.organizationIds;
    else organizationChangesOf = query.search ? await organizationIdsMatching(db, query.search) : null;
  }
  const payload: OrganizationLogsExportPayload = {
    requesterEmail: actor.email,
    start: query.start,
    end: query.end,
    organizationIds: query.organizationIds,
    infoTypes: query.infoTypes,
    ...(organizationChangesOf === undefined ? {} : { organizationChangesOf }),
  };
  await db.transaction(async (tx) => {
    const jobId = await enqueueJob(tx, ORGANIZATION_LOGS_EXPORT_JOB, { ...payload });
    await recordAudit(tx, audit, {
      organizationId: null,
      infoType: 'Organizations',
      action: 'export-logs',
      entityType: 'organization-logs-export',
      entityId: jobId,
      after: { ...query, organizationChangesOf },
    });
  });
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

type ReadableLogRow = OrganizationLogRow & { changes: string };

const LOG_COLUMNS: CsvColumn<ReadableLogRow>[] = [
  { key: 'date', header: 'Date', value: (e) => e.occurredAt.toISOString() },
  { key: 'organization', header: 'Organization', value: (e) => e.organizationName },
  { key: 'infoType', header: 'Info type', value: (e) => e.infoType },
  { key: 'action', header: 'Action', value: (e) => e.action },
  { key: 'record', header: 'Record', value: (e) => [e.entityType, e.entityId].filter(Boolean).join(' ') },
  { key: 'changedBy', header: 'Changed by', value: (e) => e.actorEmail },
  { key: 'fromAddress', header: 'From address', value: (e) => e.actorIp },
  { key: 'before', header: 'Before', value: (e) => json(e.before) },
  { key: 'after', header: 'After', value: (e) => json(e.after) },
  { key: 'changes', header: 'Changes', value: (e) => e.changes },
  { key: 'reason', header: 'Reason', value: (e) => e.reason },
];

/** Events whose names are looked up together (one lookup per kind for each batch). */
const NAMES_BATCH = 1000;

/** The events with their changes in the readable form, names looked up a batch at a time. */
async function* withChanges(db: DbOrTx, events: AsyncIterable<OrganizationLogRow>): AsyncIterable<ReadableLogRow> {
  let batch: OrganizationLogRow[] = [];
  async function* flush() {
    const names = await namesOfHistory(db, null, batch);
    for (const e of batch) yield { ...e, changes: changesText(readableChanges(e.before, e.after, names)) };
    batch = [];
  }
  for await (const event of events) {
    batch.push(event);
    if (batch.length === NAMES_BATCH) yield* flush();
  }
  yield* flush();
}

/**
 * The row that closes the file for a chain it holds events of (docs/api.md): the chain verified in
 * the file's snapshot, against its latest seal, the seal's number, hash and time also as JSON
 * under After. Same columns as the events, so the file stays one table.
 */
async function chainVerificationRow(
  db: DbOrTx,
  chain: { chainKey: string; organizationName: string | null },
  verifiedAt: Date,
): Promise<ReadableLogRow> {
  const v = await verifyAuditChain(db, chain.chainKey);
  return {
    ...chain,
    occurredAt: verifiedAt,
    infoType: 'Audit chain',
    action: 'verification',
    entityType: 'audit-chain',
    entityId: chain.chainKey,
    actorEmail: null,
    actorIp: null,
    before: null,
    after: { events: v.count, intact: v.ok, brokenAtSeq: v.brokenAtSeq ?? null, latestSeal: v.seal ?? null },
    changes: `${chainVerificationText(v)}${v.seal ? `; sealed hash ${v.seal.lastHash}` : ''}`,
    reason: null,
  };
}

/**
 * The logs CSV of the events (organizationLogRows), written as they are read: each with its
 * changes in the readable form, then a row per chain they belong to (and per chain of
 * `alwaysVerified`) with its verification and latest seal. `count()` answers the events written,
 * once the file has been read whole.
 */
export function organizationLogCsv(
  db: DbOrTx,
  events: AsyncIterable<OrganizationLogRow>,
  /** Chains verified at the end even without an event in the file (the package's organization). */
  alwaysVerified: { chainKey: string; organizationName: string | null }[] = [],
) {
  let rows = 0;
  async function* fileRows() {
    const chains = new Map(alwaysVerified.map((c) => [c.chainKey, c.organizationName]));
    for await (const event of withChanges(db, events)) {
      rows += 1;
      const name = event.chainKey === PROVIDER_CHAIN ? PROVIDER_CHAIN_NAME : event.organizationName;
      if (!chains.has(event.chainKey)) chains.set(event.chainKey, name);
      yield event;
    }
    const verifiedAt = new Date();
    for (const [chainKey, organizationName] of chains) {
      yield await chainVerificationRow(db, { chainKey, organizationName }, verifiedAt);
    }
  }
  return { file: csvStream(LOG_COLUMNS, fileRows()), count: () => rows };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/**
 * The job: streams the chosen events, read by keyset in one snapshot (repeatable read), as CSV
 * into the file storage, closed by a row per chain they belong to with its verification and
 * latest seal, and mails the file to the requester as an attachment; with no events, a mail
 * saying so. Memory stays flat however many events there are.
 */
export async function runOrganizationLogsExport(
  ctx: AppContext,
  payload: OrganizationLogsExportPayload,
  job: JobRow,
): Promise<void> {
  const { db } = ctx.database;
  const storageKey = `exports/${job.id}.csv`;
  const count = await db.transaction(
    async (tx) => {
      const events = organizationLogRows(tx, {
        from: new Date(`${payload.start}T00:00:00Z`),
        until: nextDay(payload.end),
        organizationIds: payload.organizationIds,
        infoTypes: payload.infoTypes,
        ...(payload.organizationChangesOf === undefined
          ? {}
          : { organizationChangesOf: payload.organizationChangesOf }),
      });
      const csv = organizationLogCsv(tx, events);
      await ctx.storage.put(storageKey, csv.file);
      return csv.count();
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const range = { start: payload.start, end: payload.end };
  const to = payload.requesterEmail;
  // The requester's language now, so a switch made while the report was built still counts.
  const language = (await findUserByEmail(db, to))?.language ?? DEFAULT_LANGUAGE;
  if (count === 0) {
    await ctx.storage.remove(storageKey);
    await db.transaction((tx) =>
      ctx.mailer.enqueue(tx, { to, ...renderMail('organizationLogsExportEmpty', language, range) }),
    );
    return;
  }
  await db.transaction((tx) =>
    ctx.mailer.enqueue(tx, {
      to,
      ...renderMail('organizationLogsExport', language, { ...range, count }),
      attachments: [
        {
          fileName: exportFileName('Organization-logs', to),
          storageKey,
          contentType: 'text/csv; charset=utf-8',
          removeAfterSend: true,
        },
      ],
    }),
  );
}
