import { and, asc, eq, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { documentRevisions, documents } from '../../db/schema/index.js';

// The rows the effect of a revision reads and changes (revision-effect.ts), by key.

const revisionKey = (organizationId: string, documentId: string) =>
  and(eq(documentRevisions.organizationId, organizationId), eq(documentRevisions.documentId, documentId));

/** Released, neither effective nor superseded nor withdrawn: the predicate of the due index. */
const awaitingEffect = and(
  eq(documentRevisions.isFinal, true),
  isNull(documentRevisions.effectiveAt),
  isNull(documentRevisions.supersededAt),
  ne(documentRevisions.status, 'Obsolete'),
);

export interface DueRevision {
  organizationId: string;
  documentId: string;
  revision: number;
}

/**
 * Released revisions whose effective date has come, not waiting for training (training-effect.ts) (`day` or before), after `from` in key order:
 * one range read of the partial index document_revisions_due_idx.
 */
export function findDueRevisions(db: DbOrTx, day: string, limit: number, from?: DueRevision): Promise<DueRevision[]> {
  return dueRevisionPage(
    db,
    and(awaitingEffect, lte(documentRevisions.effectiveOn, day), isNull(documentRevisions.trainingEffectDays))!,
    limit,
    from,
  );
}

/** A page of the revisions matching `where`, after `from` in key order (the jobs' keyset batches). */
export function dueRevisionPage(db: DbOrTx, where: SQL, limit: number, from?: DueRevision): Promise<DueRevision[]> {
  const after =
    from &&
    sql`(${documentRevisions.organizationId}, ${documentRevisions.documentId}, ${documentRevisions.revision})
    > (${from.organizationId}, ${from.documentId}, ${from.revision})`;
  return db
    .select({
      organizationId: documentRevisions.organizationId,
      documentId: documentRevisions.documentId,
      revision: documentRevisions.revision,
    })
    .from(documentRevisions)
    .where(and(where, after))
    .orderBy(asc(documentRevisions.organizationId), asc(documentRevisions.documentId), asc(documentRevisions.revision))
    .limit(limit);
}

/** The revision's effect columns when it still awaits its effect, its document locked; undefined otherwise. */
export async function lockRevisionAwaitingEffect(tx: DbOrTx, key: DueRevision) {
  await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.organizationId, key.organizationId), eq(documents.id, key.documentId)))
    .for('update');
  const [row] = await tx
    .select({ effectiveOn: documentRevisions.effectiveOn, trainingEffectDays: documentRevisions.trainingEffectDays })
    .from(documentRevisions)
    .where(
      and(
        revisionKey(key.organizationId, key.documentId),
        eq(documentRevisions.revision, key.revision),
        awaitingEffect,
      ),
    );
  return row;
}

/** The revision is effective from `at`, and the document's effective revision. */
export async function markRevisionEffective(tx: DbOrTx, key: DueRevision, at: Date) {
  await tx
    .update(documentRevisions)
    .set({ effectiveAt: at, updatedAt: new Date() })
    .where(and(revisionKey(key.organizationId, key.documentId), eq(documentRevisions.revision, key.revision)));
  await tx
    .update(documents)
    .set({ effectiveRevision: key.revision, updatedAt: new Date() })
    .where(and(eq(documents.organizationId, key.organizationId), eq(documents.id, key.documentId)));
}

/**
 * Supersedes the released revisions below `key` not yet superseded nor withdrawn (the effective
 * one, and any still waiting for its date); answers them with when they had been effective.
 */
export function supersedeBelow(tx: DbOrTx, key: DueRevision, at: Date) {
  return tx
    .update(documentRevisions)
    .set({ supersededAt: at, supersededBy: key.revision, updatedAt: new Date() })
    .where(
      and(
        revisionKey(key.organizationId, key.documentId),
        lt(documentRevisions.revision, key.revision),
        eq(documentRevisions.isFinal, true),
        isNull(documentRevisions.supersededAt),
        ne(documentRevisions.status, 'Obsolete'),
      ),
    )
    .returning({ revision: documentRevisions.revision, effectiveAt: documentRevisions.effectiveAt });
}
