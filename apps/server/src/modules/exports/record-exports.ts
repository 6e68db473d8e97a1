import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  EXPORT_FILE_DAYS,
  TRAINING_STATUS_FILTERS,
  ZActionFilterValues,
  ZExportSelection,
  ZUuid,
  mergeSelection,
  message,
  repeated,
  type AuditInfoType,
} from '@qualis/contract';
import { resolveOrganizationAccess, type OrganizationAccess } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Actor } from '../../core/auth.js';
import type { AppContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { exportFileName } from '../../core/exports.js';
import { attachmentHeader, FileInspector, FileMissingError } from '../../core/files.js';
import { newId } from '../../core/ids.js';
import { enqueueJob, JobCannotRun, type JobRow } from '../../core/jobs.js';
import { renderMail, type TemplateName } from '../../core/mail/templates.js';
import { authorize, policies, type PolicyName } from '../policies.js';
import { pdfArchiveStream, sendRecordsExport, singlePdfStream, type PdfRecord } from '../../core/record-pdf.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { DbOrTx } from '../../db/client.js';
import { insertOrganizationFile } from '../uploads/uploads.repository.js';
import { findUserById } from '../users/users.repository.js';
import type { UserRow } from '../../db/schema/index.js';
import {
  deleteOrganizationFiles,
  expiredExportFiles,
  findOwnExportFile,
  insertExportFile,
} from './exports.repository.js';
import { letterheadOf } from './letterhead.js';

/**
 * The PDF exports of spec 03 lists ('Single PDF' and 'PDF archive'), for any list that names its
 * record source: small exports stream as the answer; larger ones than the configured limit
 * (RECORD_EXPORT_STREAM_MAX, 200 records by default) are made by a background job, stored as an
 * organization file of the requester and e-mailed to them as a download link that works for
 * EXPORT_FILE_DAYS days, as the organization logs report is e-mailed (docs/architecture.md, "Exports").
 */

/**
 * The list's search, order, visible columns and checked rows, as every list export sends them,
 * and the filters a list adds to them (the documents list's `docTypeIds`, the training list's
 * `status`, the actions list's `actionFilters`), so a queued export holds what the person asked for.
 */
export const ZRecordSelection = ZExportSelection.extend({
  docTypeIds: repeated(ZUuid),
  status: z.enum(TRAINING_STATUS_FILTERS).optional(),
  actionFilters: ZActionFilterValues.optional(),
}).transform(mergeSelection);
export type RecordSelection = z.output<typeof ZRecordSelection>;

export type RecordExportFormat = 'pdf' | 'zip';

/**
 * Where a list's PDF records come from. Both readers apply the list's visibility predicate for
 * `access`, its search, order and selection, so a file never holds what the person may not see.
 */
export interface RecordSource {
  /** Names the source in a job's payload and in `export_files.source`; never renamed. */
  name: string;
  /** The file name's label (the spec's export file name: label, 'version', e-mail, time). */
  label: string;
  /** The audit trail's info type of an export request. */
  infoType: AuditInfoType;
  /** The list's policy, checked again when the job runs and when its file is downloaded. */
  policy: PolicyName;
  /** How many records the export would hold, counted no further than `max`. */
  count(db: DbOrTx, access: OrganizationAccess, selection: RecordSelection, max: number): Promise<number>;
  /** The records, read by keyset while the file is written (the storage checks a signed file's bytes). */
  records(app: AppContext, access: OrganizationAccess, selection: RecordSelection): AsyncIterable<PdfRecord>;
}

const sources = new Map<string, RecordSource>();

/** Registers a list's record source (once, when its module loads) so a queued export finds it. */
export function defineRecordSource(source: RecordSource): RecordSource {
  if (sources.has(source.name)) throw new Error(`record source ${source.name} is defined twice`);
  sources.set(source.name, source);
  return source;
}

const CONTENT_TYPES: Record<RecordExportFormat, string> = { pdf: 'application/pdf', zip: 'application/zip' };

export const RECORD_EXPORT_JOB = 'record-export';

/** The queued export, checked before the job runs. */
export const ZRecordExportPayload = z.object({
  source: z.string().min(1),
  format: z.enum(['pdf', 'zip']),
  organizationId: z.uuid(),
  requesterId: z.uuid(),
  /** The session the request came with (the job's actor names it; it need not be open still). */
  sessionId: z.string(),
  /** When the person asked: the time in the file name. */
  requestedAt: z.iso.datetime(),
  selection: ZRecordSelection,
});
type RecordExportPayload = z.input<typeof ZRecordExportPayload>;

/**
 * Answers a 'Single PDF' or 'PDF archive' request of a list: the file itself when it holds at
 * most the configured number of records (none: 400 'No records to export'), else queues the job
 * and answers `{ data: { message: 'Your report is being generated, please, wait.' } }`, the
 * logs export's answer. The route has passed the list's policy in the access pipeline.
 */
export async function sendRecordExport(
  ctx: ServiceContext,
  reply: FastifyReply,
  source: RecordSource,
  format: RecordExportFormat,
  selection: RecordSelection,
) {
  const { app, access } = ctx;
  const { db } = app.database;
  const max = app.config.recordExportStreamMax;
  const count = await source.count(db, access, selection, max + 1);
  if (count > max) {
    await queueRecordExport(ctx, source, format, selection);
    return reply.send({ data: message('reportBeingGenerated') });
  }
  const fileName = exportFileName(source.label, access.actor.email, new Date(), format);
  const records = source.records(app, access, selection);
  return sendRecordsExport(reply, format, fileName, records, await letterheadOf(app, access));
}

/** Queues the export and audits the request, in one transaction. */
async function queueRecordExport(
  ctx: ServiceContext,
  source: RecordSource,
  format: RecordExportFormat,
  selection: RecordSelection,
) {
  const { access } = ctx;
  const organizationId = access.organization.id;
  const payload: RecordExportPayload = {
    source: source.name,
    format,
    organizationId,
    requesterId: access.actor.userId,
    sessionId: access.actor.sessionId,
    requestedAt: new Date().toISOString(),
    selection,
  };
  await ctx.app.database.db.transaction(async (tx) => {
    const jobId = await enqueueJob(tx, RECORD_EXPORT_JOB, { ...payload }, { organizationId });
    await recordAudit(tx, ctx.audit, {
      organizationId,
      infoType: source.infoType,
      action: 'export',
      entityType: `${source.name}-export`,
      entityId: jobId,
      after: { format, ...selection },
    });
  });
}

/** Who asked for a background export, where, and with which session. */
export interface ExportRequester {
  organizationId: string;
  requesterId: string;
  /** The session the request came with (the job's actor names it; it need not be open still). */
  sessionId: string;
}

/**
 * The requester's access in the organization now, and their right to what they export: a person
 * who was removed, deactivated or lost the permission since they asked gets nothing (the job
 * fails without retrying, and no file or mail is made).
 */
export async function requesterAccess(ctx: AppContext, payload: ExportRequester, policy: PolicyName) {
  const { db } = ctx.database;
  const user = await findUserById(db, payload.requesterId);
  if (!user) throw new JobCannotRun('the requester no longer exists');
  const actor: Actor = { userId: user.id, email: user.email, role: user.role, sessionId: payload.sessionId };
  try {
    const access = await resolveOrganizationAccess(db, actor, payload.organizationId);
    authorize(access, policy);
    return { user, access };
  } catch (error) {
    if (error instanceof AppError) {
      throw new JobCannotRun(`the requester may no longer export here (${error.status}: ${error.message})`);
    }
    throw error;
  }
}

const DAY_MS = 86_400_000;

/**
 * The job: writes the file as the requester would have received it, with the records they may
 * see now, into the file storage as an organization file of theirs, and mails them the link;
 * with no records left to export, a mail saying so. One PDF at a time is in memory.
 */
export async function runRecordExport(
  ctx: AppContext,
  payload: z.output<typeof ZRecordExportPayload>,
  _job: JobRow,
): Promise<void> {
  const source = sources.get(payload.source);
  if (!source) throw new JobCannotRun(`unknown record source ${payload.source}`);
  const { user, access } = await requesterAccess(ctx, payload, source.policy);
  const { db } = ctx.database;
  const { format, organizationId } = payload;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const organization = access.organization.name;

  const fileId = newId();
  const storageKey = `exports/${organizationId}/${fileId}.${format}`;
  let count = 0;
  const records = (async function* () {
    for await (const record of source.records(ctx, access, payload.selection)) {
      count += 1;
      yield record;
    }
  })();
  const head = await letterheadOf(ctx, access);
  const file = format === 'pdf' ? singlePdfStream(records, head) : pdfArchiveStream(records, head);
  const facts = await storeExportFile(ctx, storageKey, file);

  if (count === 0) {
    await ctx.storage.remove(storageKey);
    await db.transaction((tx) =>
      ctx.mailer.enqueue(tx, {
        to: user.email,
        organizationId,
        ...renderMail('recordsExportEmpty', user.language, { name, organization }),
      }),
    );
    return;
  }

  await deliverExportFile(ctx, {
    user,
    organization: access.organization,
    fileId,
    storageKey,
    source: source.name,
    format,
    count,
    facts,
    fileName: exportFileName(source.label, user.email, new Date(payload.requestedAt), format),
  });
}

/** Writes a generated file into the storage, hashing and measuring its bytes on their way. */
export async function storeExportFile(ctx: AppContext, storageKey: string, file: Readable) {
  // No size limit: it is our own file.
  const inspector = new FileInspector(Number.POSITIVE_INFINITY, () => new Error('no limit'));
  file.on('error', (error) => inspector.destroy(error));
  await ctx.storage.put(storageKey, file.pipe(inspector));
  return inspector.facts();
}

/** A background export's file, written to the storage, and what its row and mail say of it. */
export interface MadeExportFile {
  user: UserRow;
  organization: { id: string; name: string };
  fileId: string;
  storageKey: string;
  /** The record source, or the kind of export (`defineExportFileKind`), it was made from. */
  source: string;
  format: RecordExportFormat;
  /** How many records it holds (the mail says so). */
  count: number;
  facts: { sizeBytes: number; sha256: string };
  fileName: string;
  /** A mail of its own (the inspection package's) and its values besides the file's; else `recordsExport`. */
  mail?: { template: TemplateName; values: Record<string, number> };
}

/**
 * Makes a stored export file the requester's for EXPORT_FILE_DAYS days and mails them its link, in
 * one transaction; the bytes are removed when that fails.
 */
export async function deliverExportFile(ctx: AppContext, made: MadeExportFile): Promise<void> {
  const { user, organization, fileId, storageKey, fileName, count } = made;
  const organizationId = organization.id;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const downloadUrl = `${ctx.config.publicUrl}/organizations/${organizationId}/exports/${fileId}`;
  try {
    await ctx.database.db.transaction(async (tx) => {
      await insertOrganizationFile(tx, {
        organizationId,
        id: fileId,
        storageKey,
        originalName: fileName,
        contentType: CONTENT_TYPES[made.format],
        sizeBytes: made.facts.sizeBytes,
        sha256: made.facts.sha256,
        uploadedBy: user.id,
      });
      await insertExportFile(tx, {
        organizationId,
        fileId,
        source: made.source,
        format: made.format,
        recordCount: count,
        expiresAt: new Date(Date.now() + EXPORT_FILE_DAYS * DAY_MS),
      });
      await ctx.mailer.enqueue(tx, {
        to: user.email,
        organizationId,
        ...renderMail(made.mail?.template ?? 'recordsExport', user.language, {
          name,
          organization: organization.name,
          fileName,
          count,
          downloadUrl,
          days: EXPORT_FILE_DAYS,
          ...made.mail?.values,
        }),
      });
    });
  } catch (error) {
    await ctx.storage.remove(storageKey);
    throw error;
  }
}

/** Export files made from something else than a list (the inspection package): their policy, by kind. */
const fileKinds = new Map<string, PolicyName>();

/** Registers such a kind, so its files' download checks its policy (as a list's checks the list's). */
export function defineExportFileKind(name: string, policy: PolicyName): void {
  if (sources.has(name) || fileKinds.has(name)) throw new Error(`export file kind ${name} is defined twice`);
  fileKinds.set(name, policy);
}

/**
 * GET /export/files/{fileId}: the requester's own export file of the organization, as an
 * attachment under the spec's file name. Another person's file, or an unknown one, answers 404;
 * an expired one 404 with a message saying so; a requester who lost the list's right 403.
 */
export async function sendExportFile(ctx: ServiceContext, reply: FastifyReply, fileId: string) {
  const { app, access } = ctx;
  const file = await findOwnExportFile(app.database.db, {
    organizationId: access.organization.id,
    fileId,
    requesterId: access.actor.userId,
  });
  if (!file) throw AppError.notFound();
  const policy = sources.get(file.source)?.policy ?? fileKinds.get(file.source);
  if (!policy) throw AppError.notFound();
  authorize(access, 'exportFile.download', { sourcePolicy: policies[policy] });
  if (file.expiresAt.getTime() <= Date.now()) throw AppError.notFound('exportFileExpired');
  let bytes: Readable;
  try {
    bytes = await app.storage.read(file.storageKey);
  } catch (error) {
    // Removed by the clean-up task between the check and the read; a failing storage is ours (500).
    if (error instanceof FileMissingError) throw AppError.notFound('exportFileExpired');
    throw error;
  }
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentHeader(file.fileName))
    .header('content-length', String(file.sizeBytes))
    .header('cache-control', 'no-store')
    .send(bytes);
}

export const EXPORT_FILES_CLEANUP = 'export-files-cleanup';
const CLEANUP_BATCH = 100;

/**
 * The recurring clean-up: removes export files whose link has expired, bytes first, then their
 * rows (a failure between the two leaves a row whose bytes are gone, removed on the next run).
 * Answers how many were removed.
 */
export async function removeExpiredExportFiles(ctx: AppContext, now = new Date()): Promise<number> {
  const { db } = ctx.database;
  let removed = 0;
  for (;;) {
    const expired = await expiredExportFiles(db, now, CLEANUP_BATCH);
    for (const file of expired) await ctx.storage.remove(file.storageKey);
    await deleteOrganizationFiles(db, expired);
    removed += expired.length;
    if (expired.length < CLEANUP_BATCH) return removed;
  }
}
