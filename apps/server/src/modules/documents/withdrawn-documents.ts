import { Permission } from '@qualis/contract';
import { not, sql, type SQL } from 'drizzle-orm';
import { isOrganizationAdmin, type OrganizationAccess } from '../../core/access.js';
import type { DbOrTx } from '../../db/client.js';
import { documents } from '../../db/schema/index.js';
import type { DocumentState } from './documents.policy.js';

// Withdrawn (Obsolete) documents (issues 23 and 24; docs/decisions/0028-withdraw-released-documents.md):
// who may withdraw one, which documents are withdrawn, and the list that leaves them out by default.

/** What `document.withdraw` reads beside the document's state. */
export interface WithdrawState extends DocumentState {
  /** The person is an approver named on the revision withdrawn (the released one for the whole document). */
  approves: boolean;
}

/**
 * The person is an approver named on the document's released revision (on `documents`); not
 * probed for those who may delete every document anyway. A scalar sub-query, one probe of the
 * signers' key per row: as an `exists` in a list's columns PostgreSQL planned it for the whole
 * result and hashed every approver row of the person (3,333 heap reads per page at 100,000
 * documents; docs/performance.md, issue 24).
 */
export const approvesReleasedSql = (access: OrganizationAccess) =>
  isOrganizationAdmin(access) || access.permissions.has(Permission.DeleteAllDocuments)
    ? sql<boolean>`false`
    : sql<boolean>`coalesce((
  select true from document_revision_signers ws where ws.organization_id = documents.organization_id
    and ws.document_id = documents.id and ws.revision = documents.released_revision
    and ws.role = 'approver' and ws.user_id = ${access.actor.userId} limit 1), false)`;

/** Every revision of the document is withdrawn (Obsolete): the document is (on `documents`). */
export const isWithdrawnSql = sql<boolean>`${documents.withdrawnAt} is not null`;

/**
 * Keeps the document's withdrawn mark true to its revisions after one is withdrawn or deleted:
 * set (at `at`) when none is live any more, cleared while one is.
 */
export async function refreshWithdrawnMark(tx: DbOrTx, organizationId: string, documentId: string, at: Date) {
  await tx.execute(sql`update documents set withdrawn_at = case
      when exists (select 1 from document_revisions r where r.organization_id = documents.organization_id
        and r.document_id = documents.id and r.status <> 'Obsolete') then null
      else coalesce(documents.withdrawn_at, ${at}) end
    where documents.organization_id = ${organizationId} and documents.id = ${documentId}`);
}

/**
 * The documents list and its exports leave withdrawn documents out unless asked for by status
 * (Obsolete) or by id (checked rows): a retired document stays readable without crowding the list.
 */
export const withdrawnLeftOut = (scope: { ids?: string[] | undefined; statuses?: string[] | undefined }) =>
  scope.ids?.length || scope.statuses?.length ? undefined : (not(isWithdrawnSql) as SQL);
