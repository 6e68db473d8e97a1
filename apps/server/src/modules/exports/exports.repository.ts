import { and, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { readByKeyset, type KeysetPage } from '../../core/lists.js';
import { auditEvents, exportFiles, organizationFiles, organizations } from '../../db/schema/index.js';

export interface OrganizationLogsSelection {
  from: Date;
  /** Exclusive. */
  until: Date;
  /** Events of these info types in these organizations. */
  organizationIds: string[];
  infoTypes: string[];
  /**
   * The 'Organizations' events (in an organization's chain, and provider-level ones about an
   * organization, such as its deletion) of these organizations; null: of every organization;
   * undefined: none.
   */
  organizationChangesOf?: string[] | null;
  /** Instead of all of the above: every event of this chain (an organization's id), whatever its time (the inspection package). */
  wholeChainOf?: string;
}

const entityOrganization = alias(organizations, 'entity_organization');
const aboutAnOrganization = and(isNull(auditEvents.organizationId), eq(auditEvents.entityType, 'organization'));

function organizationChanges(of: string[] | null | undefined) {
  if (of === undefined) return undefined;
  const scope =
    of === null
      ? or(isNotNull(auditEvents.organizationId), aboutAnOrganization)
      : or(inArray(auditEvents.organizationId, of), and(aboutAnOrganization, inArray(auditEvents.entityId, of)));
  return and(eq(auditEvents.infoType, 'Organizations'), scope);
}

const logColumns = {
  chainKey: auditEvents.chainKey,
  occurredAt: auditEvents.occurredAt,
  // A deleted organization's name survives in its provider-level deletion event.
  organizationName: sql<string | null>`coalesce(${organizations.name}, ${entityOrganization.name},
    ${auditEvents.before} ->> 'name', ${auditEvents.after} ->> 'name')`,
  infoType: auditEvents.infoType,
  action: auditEvents.action,
  entityType: auditEvents.entityType,
  entityId: auditEvents.entityId,
  actorEmail: auditEvents.actorEmail,
  actorIp: auditEvents.actorIp,
  before: auditEvents.before,
  after: auditEvents.after,
  reason: auditEvents.reason,
};

/** The audit events of a logs export, oldest first, read by keyset (time, then id). */
export function organizationLogRows(
  db: DbOrTx,
  selection: OrganizationLogsSelection,
): AsyncIterable<OrganizationLogRow> {
  const { organizationIds, infoTypes } = selection;
  const chosen =
    organizationIds.length > 0 && infoTypes.length > 0
      ? and(inArray(auditEvents.organizationId, organizationIds), inArray(auditEvents.infoType, infoTypes))
      : undefined;
  const where = selection.wholeChainOf
    ? eq(auditEvents.chainKey, selection.wholeChainOf)
    : and(
        gte(auditEvents.occurredAt, selection.from),
        lt(auditEvents.occurredAt, selection.until),
        or(chosen, organizationChanges(selection.organizationChangesOf)) ?? sql`false`,
      );
  const select = (page: KeysetPage) =>
    db
      .select({ ...logColumns, ...page.fields })
      .from(auditEvents)
      .leftJoin(organizations, eq(organizations.id, auditEvents.organizationId))
      .leftJoin(
        entityOrganization,
        and(aboutAnOrganization, sql`${entityOrganization.id}::text = ${auditEvents.entityId}`),
      )
      .where(and(where, page.where))
      .$dynamic();
  return readByKeyset<OrganizationLogRow>(select, {
    sort: auditEvents.occurredAt,
    tiebreaker: auditEvents.id,
    direction: 'asc',
    sortNotNull: true,
  });
}

export interface OrganizationLogRow {
  /** Not a column: the chain the event belongs to, whose verification closes the file. */
  chainKey: string;
  occurredAt: Date;
  organizationName: string | null;
  infoType: string;
  action: string;
  entityType: string;
  entityId: string | null;
  actorEmail: string | null;
  actorIp: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
}

export type ExportFileInsert = typeof exportFiles.$inferInsert;

/** Records an organization file (inserted first, in the same transaction) as a generated export. */
export async function insertExportFile(tx: DbOrTx, row: ExportFileInsert): Promise<void> {
  await tx.insert(exportFiles).values(row);
}

/** What a download needs of an export file: where its bytes are, its name and type, its source and expiry. */
export interface ExportFileRow {
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  source: string;
  expiresAt: Date;
}

/**
 * The export file `fileId` of the organization made for `requesterId`, else undefined: the
 * visibility of export files is their requester alone (the caller answers 404 to anyone else).
 */
export async function findOwnExportFile(
  db: DbOrTx,
  q: { organizationId: string; fileId: string; requesterId: string },
): Promise<ExportFileRow | undefined> {
  const [row] = await db
    .select({
      storageKey: organizationFiles.storageKey,
      fileName: organizationFiles.originalName,
      contentType: organizationFiles.contentType,
      sizeBytes: organizationFiles.sizeBytes,
      source: exportFiles.source,
      expiresAt: exportFiles.expiresAt,
    })
    .from(exportFiles)
    .innerJoin(
      organizationFiles,
      and(
        eq(organizationFiles.organizationId, exportFiles.organizationId),
        eq(organizationFiles.id, exportFiles.fileId),
      ),
    )
    .where(
      and(
        eq(exportFiles.organizationId, q.organizationId),
        eq(exportFiles.fileId, q.fileId),
        eq(organizationFiles.uploadedBy, q.requesterId),
      ),
    );
  return row;
}

/** Up to `limit` export files whose link expired before `now`, with where their bytes are. */
export function expiredExportFiles(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({
      organizationId: exportFiles.organizationId,
      fileId: exportFiles.fileId,
      storageKey: organizationFiles.storageKey,
    })
    .from(exportFiles)
    .innerJoin(
      organizationFiles,
      and(
        eq(organizationFiles.organizationId, exportFiles.organizationId),
        eq(organizationFiles.id, exportFiles.fileId),
      ),
    )
    .where(lt(exportFiles.expiresAt, now))
    .orderBy(exportFiles.expiresAt)
    .limit(limit);
}

/** Deletes organization files by organization and id (their export rows go with them). */
export async function deleteOrganizationFiles(db: DbOrTx, files: { organizationId: string; fileId: string }[]) {
  if (files.length === 0) return;
  await db
    .delete(organizationFiles)
    .where(
      or(
        ...files.map((f) =>
          and(eq(organizationFiles.organizationId, f.organizationId), eq(organizationFiles.id, f.fileId)),
        ),
      ),
    );
}
