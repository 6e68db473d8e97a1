import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

// Which signer rows wait for their person (issue 26; docs/decisions/0040-waiting-signers.md): the
// dashboard's 'to review' and 'to approve' cards and counters read `document_revision_signers.waiting`
// through a partial index, so they cost the same at 1,000 or 100,000 documents. The flag is kept
// here, by the writes that can change it, in their transaction: a revision's lifecycle columns
// (`updateRevisionRow`), its signers (`replaceRevisionSigners`) and its signatures (`insertSignature`).

/**
 * A signer row `s` of revision `r` waits (spec 03 "Dashboard"): the revision is not final, it
 * is ready for that role (a review while Submitted; an approval once the reviews are complete:
 * Reviewed, or Submitted without reviewers), and the person has not responded in its current
 * cycle. Rejected and withdrawn (Obsolete) revisions wait for nobody. Plain SQL over the aliases
 * `s` and `r`, so the migration's backfill (0043) and the bench's seed state the same rule.
 */
export const WAITING_SIGNER_SQL = `not r.is_final
  and case s.role
    when 'reviewer' then r.status = 'Submitted'
    else r.status = 'Reviewed' or (r.status = 'Submitted' and not exists (
      select 1 from document_revision_signers rs where rs.organization_id = r.organization_id
        and rs.document_id = r.document_id and rs.revision = r.revision and rs.role = 'reviewer'))
  end
  and not exists (select 1 from document_signatures sg
    where sg.organization_id = r.organization_id and sg.document_id = r.document_id
      and sg.revision = r.revision and sg.signature_cycle = r.signature_cycle
      and sg.kind = case s.role when 'reviewer' then 'review' else 'approval' end
      and sg.signer_id = s.user_id)`;

/**
 * Sets `waiting` on the signer rows of the organization (of one document, of one revision) to
 * what `WAITING_SIGNER_SQL` says, writing only the rows that change. Set-based: the bench's seed
 * refreshes a whole organization with it.
 */
export async function refreshWaitingSigners(
  db: DbOrTx,
  organizationId: string,
  documentId?: string,
  revision?: number,
) {
  const waiting = sql.raw(`(${WAITING_SIGNER_SQL})`);
  await db.execute(sql`update document_revision_signers s set waiting = ${waiting}
    from document_revisions r
    where r.organization_id = s.organization_id and r.document_id = s.document_id and r.revision = s.revision
      and s.organization_id = ${organizationId}
      ${documentId === undefined ? sql`` : sql`and s.document_id = ${documentId}`}
      ${revision === undefined ? sql`` : sql`and s.revision = ${revision}`}
      and s.waiting is distinct from ${waiting}`);
}
