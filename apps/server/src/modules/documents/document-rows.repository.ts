import { and, asc, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { now } from '../../core/clock.js';
import type { DbOrTx } from '../../db/client.js';
import {
  documentParticipants,
  documentReferences,
  documentRevisionFiles,
  documentRevisionSigners,
  documentRevisionTags,
  documentRevisions,
  documentTypes,
  documents,
  organizationFiles,
  type DocumentSignerRole,
} from '../../db/schema/index.js';
import { listRevisionSigners } from './document-signatures.repository.js';
import { refreshWaitingSigners } from './waiting-signers.js';
import { refreshWithdrawnMark } from './withdrawn-documents.js';

// The stored rows of documents as the writes read and change them, by key: the caller has
// checked the person may see the document (documents.repository.ts, document-visibility.ts).

export type DocumentTableRow = typeof documents.$inferSelect;
export type RevisionTableRow = typeof documentRevisions.$inferSelect;
export type RevisionInsert = typeof documentRevisions.$inferInsert;

/** A document's stored row. */
export async function findDocumentRow(db: DbOrTx, organizationId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, documentId)));
  return row;
}

/**
 * The work a document still asks of people: the responsible of each revision that is neither
 * final nor withdrawn ('responsible'), and each named reviewer or approver of such a revision without their response
 * in its current cycle ('review', 'approval'), unless the revision is Rejected (nobody signs it
 * until it is changed, which asks everyone again).
 */
export async function listOpenWork(
  db: DbOrTx,
  organizationId: string,
  documentId: string,
): Promise<{ kind: 'responsible' | 'review' | 'approval'; userId: string }[]> {
  const open = and(
    eq(documentRevisions.organizationId, organizationId),
    eq(documentRevisions.documentId, documentId),
    eq(documentRevisions.isFinal, false),
    ne(documentRevisions.status, 'Obsolete'),
  );
  const responsible = await db
    .selectDistinct({ userId: documentRevisions.submitterId })
    .from(documentRevisions)
    .where(open);
  const kindOfRole = sql`case ${documentRevisionSigners.role} when 'reviewer' then 'review' else 'approval' end`;
  const signers = await db
    .selectDistinct({ kind: sql<'review' | 'approval'>`${kindOfRole}`, userId: documentRevisionSigners.userId })
    .from(documentRevisionSigners)
    .innerJoin(
      documentRevisions,
      and(
        eq(documentRevisions.organizationId, documentRevisionSigners.organizationId),
        eq(documentRevisions.documentId, documentRevisionSigners.documentId),
        eq(documentRevisions.revision, documentRevisionSigners.revision),
      ),
    )
    .where(
      and(
        open,
        ne(documentRevisions.status, 'Rejected'),
        sql`not exists (select 1 from document_signatures sg
          where sg.organization_id = ${documentRevisions.organizationId} and sg.document_id = ${documentRevisions.documentId}
            and sg.revision = ${documentRevisions.revision} and sg.signature_cycle = ${documentRevisions.signatureCycle}
            and sg.signer_id = ${documentRevisionSigners.userId} and sg.kind = ${kindOfRole})`,
      ),
    );
  return [...responsible.map((r) => ({ kind: 'responsible' as const, userId: r.userId })), ...signers];
}

/** Every revision of a document with its stored columns, the highest first. */
export function listRevisionRows(db: DbOrTx, organizationId: string, documentId: string): Promise<RevisionTableRow[]> {
  return db
    .select()
    .from(documentRevisions)
    .where(and(eq(documentRevisions.organizationId, organizationId), eq(documentRevisions.documentId, documentId)))
    .orderBy(desc(documentRevisions.revision));
}

/** A revision's stored columns with its extra files, tags and signers, as the audit trail records them. */
export async function revisionSnapshot(db: DbOrTx, organizationId: string, documentId: string, revision: number) {
  const key = (t: typeof documentRevisionFiles | typeof documentRevisionTags | typeof documentRevisionSigners) =>
    and(eq(t.organizationId, organizationId), eq(t.documentId, documentId), eq(t.revision, revision));
  const [row] = await db
    .select()
    .from(documentRevisions)
    .where(
      and(
        eq(documentRevisions.organizationId, organizationId),
        eq(documentRevisions.documentId, documentId),
        eq(documentRevisions.revision, revision),
      ),
    );
  if (!row) return undefined;
  const files = await db
    .select({ fileId: documentRevisionFiles.fileId })
    .from(documentRevisionFiles)
    .where(key(documentRevisionFiles))
    .orderBy(asc(documentRevisionFiles.position));
  const tagRows = await db
    .select({ tagId: documentRevisionTags.tagId })
    .from(documentRevisionTags)
    .where(key(documentRevisionTags));
  const signers = await listRevisionSigners(db, organizationId, documentId, revision);
  const { organizationId: _o, documentId: _d, createdAt: _c, updatedAt: _u, ...columns } = row;
  return {
    ...columns,
    extraFileIds: files.map((f) => f.fileId),
    tagIds: tagRows.map((t) => t.tagId).sort(),
    reviewerIds: signers.filter((s) => s.signerRole === 'reviewer').map((s) => s.id),
    approverIds: signers.filter((s) => s.signerRole === 'approver').map((s) => s.id),
  };
}
export type RevisionSnapshot = NonNullable<Awaited<ReturnType<typeof revisionSnapshot>>>;

/** Of `fileIds`, those that are files of the organization. */
export async function findOrganizationFileIds(
  db: DbOrTx,
  organizationId: string,
  fileIds: string[],
): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select({ id: organizationFiles.id })
    .from(organizationFiles)
    .where(and(eq(organizationFiles.organizationId, organizationId), inArray(organizationFiles.id, fileIds)));
  return rows.map((r) => r.id);
}

export async function documentTypeExists(db: DbOrTx, organizationId: string, typeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(and(eq(documentTypes.organizationId, organizationId), eq(documentTypes.id, typeId)));
  return row !== undefined;
}

export async function insertDocument(tx: DbOrTx, row: typeof documents.$inferInsert) {
  await tx.insert(documents).values(row);
}

export async function insertRevision(tx: DbOrTx, row: RevisionInsert) {
  await tx.insert(documentRevisions).values(row);
}

const revisionKeyOf = <
  T extends
    | typeof documentRevisions
    | typeof documentRevisionFiles
    | typeof documentRevisionTags
    | typeof documentRevisionSigners
    | typeof documentReferences,
>(
  t: T,
  organizationId: string,
  documentId: string,
  revision: number,
) => and(eq(t.organizationId, organizationId), eq(t.documentId, documentId), eq(t.revision, revision));

/** The columns of a revision whose change can start or end a signer's wait (waiting-signers.ts). */
const LIFECYCLE_COLUMNS = ['status', 'isFinal', 'signatureCycle'] as const;

export async function updateRevisionRow(
  tx: DbOrTx,
  organizationId: string,
  documentId: string,
  revision: number,
  values: Partial<Omit<RevisionInsert, 'organizationId' | 'documentId' | 'revision'>>,
) {
  await tx
    .update(documentRevisions)
    .set({ ...values, updatedAt: new Date() })
    .where(revisionKeyOf(documentRevisions, organizationId, documentId, revision));
  if (LIFECYCLE_COLUMNS.some((column) => column in values)) {
    await refreshWaitingSigners(tx, organizationId, documentId, revision);
  }
}

/** Deletes a (never released) revision; the document is withdrawn if only withdrawn ones are left. */
export async function deleteRevisionRow(tx: DbOrTx, organizationId: string, documentId: string, revision: number) {
  await tx.delete(documentRevisions).where(revisionKeyOf(documentRevisions, organizationId, documentId, revision));
  await refreshWithdrawnMark(tx, organizationId, documentId, now());
}

/** Makes the revision's extra files exactly `fileIds`, in that order. */
export async function replaceRevisionFiles(
  tx: DbOrTx,
  organizationId: string,
  documentId: string,
  revision: number,
  fileIds: string[],
) {
  await tx
    .delete(documentRevisionFiles)
    .where(revisionKeyOf(documentRevisionFiles, organizationId, documentId, revision));
  if (fileIds.length === 0) return;
  await tx
    .insert(documentRevisionFiles)
    .values(fileIds.map((fileId, position) => ({ organizationId, documentId, revision, fileId, position })));
}

export async function replaceRevisionTags(
  tx: DbOrTx,
  organizationId: string,
  documentId: string,
  revision: number,
  tagIds: string[],
) {
  await tx
    .delete(documentRevisionTags)
    .where(revisionKeyOf(documentRevisionTags, organizationId, documentId, revision));
  if (tagIds.length === 0) return;
  await tx
    .insert(documentRevisionTags)
    .values(tagIds.map((tagId) => ({ organizationId, documentId, revision, tagId })));
}

/** Makes the revision's signers of `role` exactly `userIds`; the ones kept keep their assignment time. */
export async function replaceRevisionSigners(
  tx: DbOrTx,
  organizationId: string,
  documentId: string,
  revision: number,
  role: DocumentSignerRole,
  userIds: string[],
) {
  const key = and(
    revisionKeyOf(documentRevisionSigners, organizationId, documentId, revision),
    eq(documentRevisionSigners.role, role),
  );
  await tx
    .delete(documentRevisionSigners)
    .where(and(key, userIds.length ? notInArray(documentRevisionSigners.userId, userIds) : undefined));
  if (userIds.length > 0) {
    await tx
      .insert(documentRevisionSigners)
      .values(userIds.map((userId) => ({ organizationId, documentId, revision, role, userId })))
      .onConflictDoNothing();
  }
  // New signers may wait; without reviewers the approvers of a Submitted revision do.
  await refreshWaitingSigners(tx, organizationId, documentId, revision);
}

export async function insertReferences(tx: DbOrTx, rows: (typeof documentReferences.$inferInsert)[]) {
  if (rows.length === 0) return;
  await tx.insert(documentReferences).values(rows);
}

export async function deleteReferences(tx: DbOrTx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .delete(documentReferences)
    .where(and(eq(documentReferences.organizationId, organizationId), inArray(documentReferences.id, ids)));
}

export async function listReferenceRows(db: DbOrTx, organizationId: string, documentId: string, revision: number) {
  return db
    .select()
    .from(documentReferences)
    .where(revisionKeyOf(documentReferences, organizationId, documentId, revision))
    .orderBy(asc(documentReferences.createdAt), asc(documentReferences.id));
}

/**
 * Sets the document's latest and released revisions from its revisions (the highest, the
 * highest final), and its time of change.
 */
export async function refreshDocumentRevisions(tx: DbOrTx, organizationId: string, documentId: string) {
  await tx
    .update(documents)
    .set({
      latestRevision: sql`(select max(r.revision) from document_revisions r
        where r.organization_id = ${organizationId} and r.document_id = ${documentId})`,
      releasedRevision: sql`(select max(r.revision) from document_revisions r
        where r.organization_id = ${organizationId} and r.document_id = ${documentId} and r.is_final)`,
      updatedAt: new Date(),
    })
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, documentId)));
}

/**
 * Rebuilds document_participants of one document: its creator, and the creator, responsible,
 * reviewers and approvers of every revision. Call it in the transaction of any change of those.
 */
export async function rebuildParticipants(tx: DbOrTx, organizationId: string, documentId: string) {
  await tx
    .delete(documentParticipants)
    .where(
      and(eq(documentParticipants.organizationId, organizationId), eq(documentParticipants.documentId, documentId)),
    );
  await tx.execute(sql`insert into document_participants (organization_id, document_id, user_id)
    select ${organizationId}, ${documentId}, user_id from (
      select creator_id as user_id from documents where organization_id = ${organizationId} and id = ${documentId}
      union
      select submitter_id from document_revisions where organization_id = ${organizationId} and document_id = ${documentId}
      union
      select creator_id from document_revisions where organization_id = ${organizationId} and document_id = ${documentId}
      union
      select user_id from document_revision_signers where organization_id = ${organizationId} and document_id = ${documentId}
    ) people`);
}

export async function deleteDocumentRows(tx: DbOrTx, organizationId: string, ids: string[]) {
  await tx.delete(documents).where(and(eq(documents.organizationId, organizationId), inArray(documents.id, ids)));
}

/** Whether any revision of the organization uses the document type (settings refuse its delete). */
export async function documentTypeInUse(db: DbOrTx, organizationId: string, typeId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(documentRevisions)
    .where(and(eq(documentRevisions.organizationId, organizationId), eq(documentRevisions.typeId, typeId)))
    .limit(1);
  return row !== undefined;
}
