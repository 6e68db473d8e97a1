import { Permission } from '@qualis/contract';
import { not, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { isOrganizationAdmin, type OrganizationAccess } from '../../core/access.js';
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
 * probed for those who may delete every document anyway.
 */
export const approvesReleasedSql = (access: OrganizationAccess) =>
  isOrganizationAdmin(access) || access.permissions.has(Permission.DeleteAllDocuments)
    ? sql<boolean>`false`
    : sql<boolean>`exists (
  select 1 from document_revision_signers ws where ws.organization_id = documents.organization_id
    and ws.document_id = documents.id and ws.revision = documents.released_revision
    and ws.role = 'approver' and ws.user_id = ${access.actor.userId})`;

/** The document has a revision that is not withdrawn (Obsolete). */
export const hasLiveRevisionSql = (organizationId: SQLWrapper, documentId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from document_revisions r3
    where r3.organization_id = ${organizationId} and r3.document_id = ${documentId} and r3.status <> 'Obsolete')`;

/** Every revision of the document is withdrawn (Obsolete): the document is (on `documents`). */
export const isWithdrawnSql = sql<boolean>`not ${hasLiveRevisionSql(sql`documents.organization_id`, sql`documents.id`)}`;

/**
 * The documents list and its exports leave withdrawn documents out unless asked for by status
 * (Obsolete) or by id (checked rows): a retired document stays readable without crowding the list.
 */
export const withdrawnLeftOut = (scope: { ids?: string[] | undefined; statuses?: string[] | undefined }) =>
  scope.ids?.length || scope.statuses?.length ? undefined : (not(isWithdrawnSql) as SQL);
