import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  documentRevisionSigners,
  documentSignatures,
  memberships,
  organizationFiles,
  users,
  type DocumentSignerRole,
} from '../../db/schema/index.js';
import { personFields, type DocumentPersonRow } from './documents.repository.js';
import { refreshWaitingSigners } from './waiting-signers.js';

export type SignatureInsert = typeof documentSignatures.$inferInsert;

/**
 * Writes one signature (append-only: the table's trigger refuses any later change); the signer
 * no longer waits on that revision (waiting-signers.ts).
 */
export async function insertSignature(tx: DbOrTx, row: SignatureInsert) {
  const [inserted] = await tx.insert(documentSignatures).values(row).returning();
  await refreshWaitingSigners(tx, row.organizationId, row.documentId, row.revision);
  return inserted!;
}

/** The SHA-256 the organization's file has now (the controlled file signed), undefined for an unknown file. */
export async function findFileSha256(db: DbOrTx, organizationId: string, fileId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ sha256: organizationFiles.sha256 })
    .from(organizationFiles)
    .where(and(eq(organizationFiles.organizationId, organizationId), eq(organizationFiles.id, fileId)));
  return row?.sha256;
}

const mailFields = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  language: users.language,
  emailNotificationState: users.emailNotificationState,
};
export type MailRecipient = { [K in keyof typeof mailFields]: (typeof users.$inferSelect)[K] };

/** The active Admins of the organization, who are told when a member's signing is locked. */
export function findOrganizationAdmins(db: DbOrTx, organizationId: string): Promise<MailRecipient[]> {
  return db
    .select(mailFields)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.organizationId, organizationId), eq(memberships.status, 'Active'), eq(users.role, 'Admin')),
    )
    .orderBy(asc(users.email));
}

/** The people to write to, by id. */
export function findMailRecipients(db: DbOrTx, ids: string[]): Promise<MailRecipient[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select(mailFields).from(users).where(inArray(users.id, ids));
}

/** The named reviewers and approvers of a revision, in the order they were named. */
export function listRevisionSigners(
  db: DbOrTx,
  organizationId: string,
  documentId: string,
  revision: number,
): Promise<(DocumentPersonRow & { signerRole: DocumentSignerRole })[]> {
  return db
    .select({ ...personFields(users), signerRole: documentRevisionSigners.role })
    .from(documentRevisionSigners)
    .innerJoin(users, eq(users.id, documentRevisionSigners.userId))
    .where(
      and(
        eq(documentRevisionSigners.organizationId, organizationId),
        eq(documentRevisionSigners.documentId, documentId),
        eq(documentRevisionSigners.revision, revision),
      ),
    )
    .orderBy(asc(documentRevisionSigners.assignedAt), asc(users.id));
}

export type SignatureRow = typeof documentSignatures.$inferSelect & {
  firstName: string | null;
  lastName: string | null;
};

/** The signatures of a revision in one cycle (in every cycle when none is given), in cycle and signing order. */
export async function listRevisionSignatures(
  db: DbOrTx,
  organizationId: string,
  documentId: string,
  revision: number,
  cycle?: number,
): Promise<SignatureRow[]> {
  const rows = await db
    .select({ signature: documentSignatures, firstName: users.firstName, lastName: users.lastName })
    .from(documentSignatures)
    .innerJoin(users, eq(users.id, documentSignatures.signerId))
    .where(
      and(
        eq(documentSignatures.organizationId, organizationId),
        eq(documentSignatures.documentId, documentId),
        eq(documentSignatures.revision, revision),
        cycle === undefined ? undefined : eq(documentSignatures.signatureCycle, cycle),
      ),
    )
    .orderBy(asc(documentSignatures.signatureCycle), asc(documentSignatures.signedAt), asc(documentSignatures.id));
  return rows.map((r) => ({ ...r.signature, firstName: r.firstName, lastName: r.lastName }));
}

/** Every signature of a document, for the audit trail of its delete. */
export function listDocumentSignatures(db: DbOrTx, organizationId: string, documentId: string) {
  return db
    .select()
    .from(documentSignatures)
    .where(and(eq(documentSignatures.organizationId, organizationId), eq(documentSignatures.documentId, documentId)))
    .orderBy(asc(documentSignatures.revision), asc(documentSignatures.signedAt), asc(documentSignatures.id));
}

export async function revisionHasSignature(
  db: DbOrTx,
  organizationId: string,
  documentId: string,
  revision: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: documentSignatures.id })
    .from(documentSignatures)
    .where(
      and(
        eq(documentSignatures.organizationId, organizationId),
        eq(documentSignatures.documentId, documentId),
        eq(documentSignatures.revision, revision),
      ),
    )
    .limit(1);
  return row !== undefined;
}
