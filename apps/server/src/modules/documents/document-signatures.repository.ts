import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { documentSignatures, memberships, organizationFiles, users } from '../../db/schema/index.js';

export type SignatureInsert = typeof documentSignatures.$inferInsert;

/** Writes one signature (append-only: the table's trigger refuses any later change). */
export async function insertSignature(tx: DbOrTx, row: SignatureInsert) {
  const [inserted] = await tx.insert(documentSignatures).values(row).returning();
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
