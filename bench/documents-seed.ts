// The documents benches' data (bench/documents.ts, bench/document-jobs.ts): one organization of N
// documents with 3 revisions each, the people who read them, and what the documents service keeps
// beside them (latest, released and effective revision, participants, signatures, the periodic
// review's dates, the withdrawn mark, the signers' waiting mark).
import { Permission } from '@qualis/contract';
import type { Database } from '../apps/server/src/db/client.js';
import { refreshWaitingSigners } from '../apps/server/src/modules/documents/waiting-signers.js';
import { MEASURED_MEMBERS, measuredPeople, regroup, seedMeasuredOrganization, type Person } from './in-process.js';

export const REVISIONS = 3;
export const DOCUMENT_TYPES = 20;

/** The people the cases read as, and their organization. */
export interface Fixture {
  organizationId: string;
  admin: Person;
  /** No document view option: sees the documents they are responsible, reviewer or approver of. */
  related: Person;
  /** Only 16 (view approved and related): also every document with a final revision. */
  released: Person;
}

/**
 * The roles of the measured Users, by document number g: the related User is responsible for
 * revision 3 of g ≡ 0 (mod 30), its reviewer for g ≡ 10 and its approver for g ≡ 20, so a tenth
 * of the documents; the 16-holder the same at g ≡ 1, 11, 21. The other revisions' responsible,
 * reviewer and approver are three different people among the other 18 members.
 */
const roleSql = (role: 'submitter' | 'reviewer' | 'approver') => {
  const residue = { submitter: 0, reviewer: 10, approver: 20 }[role];
  const offset = { submitter: 0, reviewer: 6, approver: 12 }[role];
  return `CASE WHEN r = ${REVISIONS} AND g % 30 = ${residue} THEN (m.ids)[1]
    WHEN r = ${REVISIONS} AND g % 30 = ${residue + 1} THEN (m.ids)[2]
    ELSE (m.ids)[3 + (g + r + ${offset}) % ${MEASURED_MEMBERS - 2}] END`;
};

/**
 * The state of revision r of document g, by s = (g / 10) mod 5 (so every role class above gets
 * every state): s = 0 nothing final (revisions 1 and 2 Rejected, 3 Submitted); s = 1 all three
 * Approved; s = 2, 3 revisions 1-2 Approved, 3 Submitted (waiting for its review); s = 4 revisions
 * 1-2 Approved, 3 Reviewed (waiting for its approval). So in s = 2-4 revision 1 is superseded,
 * 2 effective and 3 pending; in s = 1 revision 3 is effective. Beside those, by w = (g / 50) mod 20
 * (independent of s and of the roles): w = 3 with s = 2, 3 (2% of the documents) has revision 3
 * approved with an effective date still to come (FUTURE_SQL: released, not yet effective, revision
 * 2 still effective); w = 7 with s ≠ 0 (4%) is withdrawn as a whole (withdrawnSql: every
 * revision Obsolete, as a withdrawal leaves it).
 */
const FUTURE_SQL = `(r = ${REVISIONS} AND (g / 10) % 5 IN (2, 3) AND (g / 50) % 20 = 3)`;
const withdrawnSql = (g: string) => `((${g} / 10) % 5 <> 0 AND (${g} / 50) % 20 = 7)`;
const STATUS_SQL = `CASE
    WHEN (g / 10) % 5 = 0 THEN CASE WHEN r < ${REVISIONS} THEN 'Rejected' ELSE 'Submitted' END
    WHEN (g / 10) % 5 = 1 OR r < ${REVISIONS} OR ${FUTURE_SQL} THEN 'Approved'
    WHEN (g / 10) % 5 = 4 THEN 'Reviewed'
    ELSE 'Submitted' END`;

/** The review interval of document type i (0-based): 6, 12 or 24 months, none for every fourth. */
const REVIEW_INTERVAL_SQL = `(ARRAY[6, 12, 24, NULL])[1 + i % 4]`;

/** The organization and the people of a seeded database. */
export async function fixtureOf(database: Database): Promise<Fixture> {
  const { organizationId, admin, members } = await measuredPeople(database, 2);
  return { organizationId, admin, related: members[0]!, released: members[1]! };
}

/**
 * N documents of 3 revisions in the large organization, in a few set-based statements, with what
 * the documents service keeps beside them: documents.latest_revision and released_revision
 * (refreshDocumentRevisions: the highest revision, the highest final one), document_participants
 * (rebuildParticipants: the document's creator and every creator, responsible, reviewer and
 * approver of any revision), the signatures
 * the revisions' states derive from (a review and an approval of each Approved revision, a review
 * of each Reviewed one, a rejecting review of each Rejected one) and the 'document' counter.
 * Every revision has its own controlled file (an organization_files row; no bytes are written).
 * Documents are created by the other members (one each), a revision by its responsible.
 */
export async function seedDocuments(database: Database, count: number): Promise<Fixture> {
  await seedMeasuredOrganization(database);
  const fixture = await fixtureOf(database);
  const { organizationId, admin, related, released } = fixture;
  // The seed's one group grants 11 (view all documents): the measured Users leave it. The related
  // User is in no group (every member sees what they are related to); the other is in one
  // granting only 16.
  await regroup(database, organizationId, related);
  await regroup(database, organizationId, released, {
    permission: Permission.ViewApprovedAndRelatedDocuments,
    groupName: 'Bench approved and related documents',
  });

  const org = [organizationId];
  // The members in order: the related User, the 16-holder, then the 18 others.
  const members = `(SELECT array_agg(u.id ORDER BY substring(u.email from 'bench-member-(\\d+)@')::int) AS ids
    FROM memberships ms JOIN users u ON u.id = ms.user_id
    WHERE ms.organization_id = $1 AND u.email LIKE 'bench-member-%') AS m`;
  // Document g's revisions: g from the document's number, r = 1..3, with the people of each role.
  const revisionsOf = `(SELECT x.document_id, x.g, x.r, x.at, ${roleSql('submitter')} AS submitter_id,
      ${roleSql('reviewer')} AS reviewer_id, ${roleSql('approver')} AS approver_id, ${STATUS_SQL} AS status,
      ${FUTURE_SQL} AS future, ${withdrawnSql('g')} AS withdrawn
    FROM (SELECT d.id AS document_id, d.number AS g, r, d.created_at + r * interval '1 day' AS at
          FROM documents d CROSS JOIN generate_series(1, ${REVISIONS}) AS r WHERE d.organization_id = $1) AS x
    CROSS JOIN ${members})`;

  await database.raw.withSession(async (sql) => {
    await sql.exec('BEGIN');
    try {
      await sql.query(
        `INSERT INTO document_types (organization_id, id, name, review_interval_months)
         SELECT $1, gen_random_uuid(), 'Bench type ' || lpad(i::text, 2, '0'), ${REVIEW_INTERVAL_SQL}
         FROM generate_series(0, $2::int - 1) AS i`,
        [organizationId, DOCUMENT_TYPES],
      );
      // latest_revision is set from the revisions below, as the service sets it.
      await sql.query(
        `INSERT INTO documents (organization_id, id, number, creator_id, latest_revision, created_at, updated_at)
         SELECT $1, gen_random_uuid(), g, (m.ids)[3 + g % ${MEASURED_MEMBERS - 2}], 1, t, t
         FROM generate_series(1, $2::int) AS g CROSS JOIN ${members},
         LATERAL (SELECT now() - ($2::int - g) * interval '5 minutes' AS t) AS c`,
        [organizationId, count],
      );
      // One controlled file per revision: its id is the revision's file_id.
      await sql.exec(
        'CREATE TEMPORARY TABLE bench_revision_files (document_id uuid, r int, file_id uuid, g int) ON COMMIT DROP',
      );
      await sql.query(
        `INSERT INTO bench_revision_files SELECT v.document_id, v.r, gen_random_uuid(), v.g FROM ${revisionsOf} AS v`,
        org,
      );
      await sql.query(
        `INSERT INTO organization_files (organization_id, id, storage_key, original_name, content_type, size_bytes, sha256, uploaded_by)
         SELECT $1::uuid, f.file_id, 'organizations/' || $1::uuid || '/bench/' || f.file_id,
                'Document ' || f.g || ' revision ' || f.r || '.pdf', 'application/pdf',
                20000 + (f.g * 7919 + f.r) % 400000, md5(f.file_id::text) || md5(f.g::text || '-' || f.r), $2
         FROM bench_revision_files f`,
        [organizationId, admin.id],
      );
      // Names in no particular order relative to the numbers; type i of g ≡ i (mod 20).
      await sql.query(
        `WITH types AS (SELECT id, row_number() OVER (ORDER BY name) - 1 AS i FROM document_types WHERE organization_id = $1)
         INSERT INTO document_revisions (organization_id, document_id, revision, type_id, type_description, name,
           revision_name, revision_description, file_id, submitter_id, creator_id, status, is_final, final_at,
           reviewed_at, approved_at, effective_on, created_at, updated_at)
         SELECT $1, v.document_id, v.r, types.id, 'SOP-' || lpad(v.g::text, 6, '0'),
                initcap(substr(md5('document' || v.g), 1, 10)) || ' procedure ' || v.g,
                'Rev. ' || v.r, 'Revision ' || v.r || ' of document ' || v.g, f.file_id, v.submitter_id, v.submitter_id,
                v.status, v.status = 'Approved', CASE WHEN v.status = 'Approved' THEN v.at + interval '2 hours' END,
                CASE WHEN v.status IN ('Reviewed', 'Approved') THEN v.at + interval '1 hour' END,
                CASE WHEN v.status = 'Approved' THEN v.at + interval '2 hours' END,
                CASE WHEN v.future THEN current_date + 1 + v.g % 60 END, v.at, v.at
         FROM ${revisionsOf} AS v
         JOIN bench_revision_files f ON f.document_id = v.document_id AND f.r = v.r
         JOIN types ON types.i = v.g % ${DOCUMENT_TYPES}`,
        org,
      );
      await sql.query(
        `INSERT INTO document_revision_signers (organization_id, document_id, revision, role, user_id, assigned_at)
         SELECT $1, v.document_id, v.r, s.role, s.user_id, v.at
         FROM ${revisionsOf} AS v
         CROSS JOIN LATERAL (VALUES ('reviewer', v.reviewer_id), ('approver', v.approver_id)) AS s(role, user_id)`,
        org,
      );
      await sql.query(
        `INSERT INTO document_signatures (organization_id, id, document_id, revision, signature_cycle, kind, meaning,
           signer_id, signer_name, signer_email, signed_at, file_id, file_sha256)
         SELECT $1, gen_random_uuid(), v.document_id, v.r, 1, s.kind, s.meaning, s.signer_id,
                u.first_name || ' ' || u.last_name, u.email, v.at + s.after, f.id, f.sha256
         FROM ${revisionsOf} AS v
         JOIN document_revisions dr ON dr.organization_id = $1 AND dr.document_id = v.document_id AND dr.revision = v.r
         JOIN organization_files f ON f.organization_id = $1 AND f.id = dr.file_id
         CROSS JOIN LATERAL (VALUES
           ('review', CASE v.status WHEN 'Rejected' THEN 'Rejected' ELSE 'Reviewed' END, v.reviewer_id, interval '1 hour',
            v.status IN ('Rejected', 'Reviewed', 'Approved')),
           ('approval', 'Approved', v.approver_id, interval '2 hours', v.status = 'Approved')
         ) AS s(kind, meaning, signer_id, after, present)
         JOIN users u ON u.id = s.signer_id
         WHERE s.present`,
        org,
      );
      // refreshDocumentRevisions and the effect of each release (revision-effect.ts), for every
      // document at once: each final revision without an effective date took effect at its
      // approval, the highest one that did is the effective revision and supersedes the final ones
      // below it; a revision dated later is released (released_revision) but not yet effective.
      await sql.query(
        `UPDATE document_revisions SET effective_at = approved_at
         WHERE organization_id = $1 AND is_final AND effective_on IS NULL`,
        org,
      );
      await sql.query(
        `UPDATE document_revisions r SET superseded_at = c.effective_at, superseded_by = c.revision
         FROM (SELECT DISTINCT ON (document_id) document_id, revision, effective_at FROM document_revisions
               WHERE organization_id = $1 AND effective_at IS NOT NULL ORDER BY document_id, revision DESC) AS c
         WHERE r.organization_id = $1 AND r.document_id = c.document_id AND r.is_final AND r.revision < c.revision`,
        org,
      );
      await sql.query(
        `UPDATE documents d SET latest_revision = x.latest, released_revision = x.released, effective_revision = x.effective
         FROM (SELECT document_id, max(revision) AS latest, max(revision) FILTER (WHERE is_final) AS released,
                 max(revision) FILTER (WHERE effective_at IS NOT NULL) AS effective
               FROM document_revisions WHERE organization_id = $1 GROUP BY document_id) AS x
         WHERE d.organization_id = $1 AND d.id = x.document_id`,
        org,
      );
      // The periodic review (periodic-review.schedule.ts) of every released document whose type
      // has an interval: from the released revision's effective date (its approval when at once),
      // the next review the interval later, its reminder 30 days before (the organization's
      // default). A reminder whose day has passed is cleared, as the job clears it once the
      // reminder is an action (those actions are not seeded: the list does not read them).
      await sql.query(
        `UPDATE documents d SET review_from = x.start, next_review_on = x.next,
           review_remind_on = CASE WHEN x.next - 30 > current_date THEN x.next - 30 END
         FROM (SELECT r.document_id, coalesce(r.effective_on, r.final_at::date) AS start,
                 (coalesce(r.effective_on, r.final_at::date) + make_interval(months => t.review_interval_months))::date AS next
               FROM documents d2
               JOIN document_revisions r ON r.organization_id = d2.organization_id AND r.document_id = d2.id
                 AND r.revision = d2.released_revision
               JOIN document_types t ON t.organization_id = r.organization_id AND t.id = r.type_id
               WHERE d2.organization_id = $1 AND t.review_interval_months IS NOT NULL) AS x
         WHERE d.organization_id = $1 AND d.id = x.document_id`,
        org,
      );
      // The withdrawn documents (revision-withdrawal.ts): a 'withdrawal' signature by the Admin on
      // every revision, each revision Obsolete, the document's withdrawn mark, no periodic review.
      const withdrawnAt = `least(d.created_at + interval '${REVISIONS + 2} days', now())`;
      await sql.query(
        `INSERT INTO document_signatures (organization_id, id, document_id, revision, signature_cycle, kind, meaning,
           signer_id, signer_name, signer_email, comment, signed_at, file_id, file_sha256, password_confirmed)
         SELECT $1, gen_random_uuid(), v.document_id, v.r, 1, 'withdrawal', 'Withdrawn', u.id,
                u.first_name || ' ' || u.last_name, u.email, 'Replaced by another procedure', ${withdrawnAt}, f.id, f.sha256, false
         FROM ${revisionsOf} AS v
         JOIN documents d ON d.organization_id = $1 AND d.id = v.document_id
         JOIN document_revisions dr ON dr.organization_id = $1 AND dr.document_id = v.document_id AND dr.revision = v.r
         JOIN organization_files f ON f.organization_id = $1 AND f.id = dr.file_id
         JOIN users u ON u.id = $2
         WHERE v.withdrawn`,
        [organizationId, admin.id],
      );
      await sql.query(
        `UPDATE document_revisions r SET status = 'Obsolete', updated_at = ${withdrawnAt}
         FROM documents d WHERE d.organization_id = $1 AND r.organization_id = $1 AND r.document_id = d.id
           AND ${withdrawnSql('d.number')}`,
        org,
      );
      await sql.query(
        `UPDATE documents d SET withdrawn_at = ${withdrawnAt}, review_from = NULL, next_review_on = NULL,
           review_remind_on = NULL
         WHERE d.organization_id = $1 AND ${withdrawnSql('d.number')}`,
        org,
      );
      // rebuildParticipants, for every document at once.
      await sql.query(
        `INSERT INTO document_participants (organization_id, document_id, user_id)
         SELECT $1, document_id, user_id FROM (
           SELECT id AS document_id, creator_id AS user_id FROM documents WHERE organization_id = $1
           UNION
           SELECT document_id, submitter_id FROM document_revisions WHERE organization_id = $1
           UNION
           SELECT document_id, creator_id FROM document_revisions WHERE organization_id = $1
           UNION
           SELECT document_id, user_id FROM document_revision_signers WHERE organization_id = $1
         ) AS people`,
        org,
      );
      await sql.query(`INSERT INTO organization_counters (organization_id, name, value) VALUES ($1, 'document', $2)`, [
        organizationId,
        count,
      ]);
      await sql.exec('COMMIT');
    } catch (error) {
      await sql.exec('ROLLBACK');
      throw error;
    }
  });
  // The signer rows' waiting mark, as the documents service keeps it (waiting-signers.ts).
  await refreshWaitingSigners(database.db, fixture.organizationId);
  // As autovacuum would have by the time anyone reads them: statistics, and the visibility map
  // that lets index-only scans skip the heap.
  await database.raw.exec('VACUUM ANALYZE');
  return fixture;
}
