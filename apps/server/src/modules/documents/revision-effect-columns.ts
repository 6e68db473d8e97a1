import { sql } from 'drizzle-orm';
import type { DocumentStatus, TrainingEffect } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { documentRevisions, documents } from '../../db/schema/index.js';
import { revisionsVisibleTo } from './document-visibility.js';
import { trainingEffectOf } from './training-effect.js';

// What the list rows and the detail read of a revision's effect (revision-effect.ts), beside the
// columns of documents.repository.ts.

/** The latest revision when it is above the row's and still Pending, if the person may open it. */
const pendingRevisionOf = (access: OrganizationAccess) => {
  const visible = revisionsVisibleTo(access, sql`p.effective_at`);
  return sql<PendingRevisionRow | null>`(select json_build_object('revision', p.revision, 'status', p.status,
      'isFinal', p.is_final, 'effectiveOn', p.effective_on, 'trainingEffect', ${trainingEffectOf('p')})
    from document_revisions p
    where p.organization_id = documents.organization_id and p.document_id = documents.id
      and p.revision = documents.latest_revision and p.revision > document_revisions.revision
      and p.effective_at is null and p.superseded_at is null and p.status <> 'Obsolete'
      ${visible ? sql`and ${visible}` : sql``})`;
};

/** The lifecycle (contract `revisionLifecycleOf`) as a sort key, in its order: Pending, Effective, Superseded, Obsolete. */
export const lifecycleOrderSql = sql`case when ${documentRevisions.status} = 'Obsolete' then 3
  when ${documentRevisions.supersededAt} is not null then 2 when ${documentRevisions.effectiveAt} is not null then 1 else 0 end`;

export const effectColumns = (access: OrganizationAccess) => ({
  effectiveRevision: documents.effectiveRevision,
  effectiveOn: documentRevisions.effectiveOn,
  effectiveAt: documentRevisions.effectiveAt,
  supersededAt: documentRevisions.supersededAt,
  supersededBy: documentRevisions.supersededBy,
  pendingRevision: pendingRevisionOf(access),
  trainingEffectDays: documentRevisions.trainingEffectDays,
  trainingEffect: sql<TrainingEffect | null>`${trainingEffectOf('document_revisions')}`,
});

export interface PendingRevisionRow {
  revision: number;
  status: DocumentStatus;
  isFinal: boolean;
  effectiveOn: string | null;
  trainingEffect: TrainingEffect | null;
}

export interface EffectColumns {
  effectiveRevision: number | null;
  effectiveOn: string | null;
  effectiveAt: Date | null;
  supersededAt: Date | null;
  supersededBy: number | null;
  pendingRevision: PendingRevisionRow | null;
  trainingEffectDays: number | null;
  trainingEffect: TrainingEffect | null;
}

/** The revisions of the detail's revision selector the person may open, the highest first, with their effect. */
export const revisionListOf = (access: OrganizationAccess) => {
  const visible = revisionsVisibleTo(access, sql`r2.effective_at`);
  return sql<RevisionEntryRow[]>`coalesce((
    select json_agg(json_build_object('revision', r2.revision, 'status', r2.status, 'isFinal', r2.is_final,
      'revisionName', r2.revision_name, 'reasonForChange', r2.reason_for_change, 'effectiveOn', r2.effective_on, 'effectiveAt', r2.effective_at,
      'supersededAt', r2.superseded_at, 'supersededBy', r2.superseded_by) order by r2.revision desc)
    from document_revisions r2
    where r2.organization_id = documents.organization_id and r2.document_id = documents.id
      ${visible ? sql`and ${visible}` : sql``}), '[]'::json)`;
};

export interface RevisionEntryRow {
  revision: number;
  status: DocumentStatus;
  isFinal: boolean;
  revisionName: string | null;
  reasonForChange: string | null;
  effectiveOn: string | null;
  /** JSON: ISO strings. */
  effectiveAt: string | null;
  supersededAt: string | null;
  supersededBy: number | null;
}
