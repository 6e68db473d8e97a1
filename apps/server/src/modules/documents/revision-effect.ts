import type { AuditActor } from '../../core/audit.js';
import { recordAudit } from '../../core/audit.js';
import { dayOf, now } from '../../core/clock.js';
import type { AppContext } from '../../core/context.js';
import type { Tx } from '../../db/client.js';
import { DOCUMENT_ENTITY, DOCUMENTS_INFO_TYPE } from './document-states.js';
import {
  findDueRevisions,
  lockRevisionAwaitingEffect,
  markRevisionEffective,
  supersedeBelow,
  type DueRevision,
} from './revision-effect.repository.js';
import { scheduleNextReview } from './periodic-review.schedule.js';
import { findTrainingDueRevisions, isTrainingDue } from './training-effect.js';

// When a released revision takes effect (docs/decisions/0032-effective-revisions.md): at its
// release, on the effective date its Responsible chose, or once its training completed
// (training-effect.ts; the job below); the revisions it replaces are superseded by it then. Times come from core/clock.ts, so tests move them.

/** Who the effect is recorded for: the organization and the audit actor (the system for the job). */
export interface EffectScope {
  organizationId: string;
  audit: AuditActor;
}

export const SYSTEM_ACTOR: AuditActor = { userId: null, email: null, ip: null, requestId: null };
export const EFFECT_TASK = 'document-revision-effect';
const BATCH = 200;

/**
 * The one place a revision becomes effective, in the caller's transaction after the document's
 * lock: it is effective from `at` and the document's effective revision; every released revision
 * below it not yet superseded nor withdrawn is superseded by it (their controlled copies read
 * 'Superseded by revision N on <date>'). The document's periodic review period starts then
 * (periodic-review.schedule.ts). Each change is audited.
 */
export async function makeEffective(tx: Tx, scope: EffectScope, key: DueRevision, at: Date) {
  const { organizationId, audit } = scope;
  await markRevisionEffective(tx, key, at);
  const superseded = await supersedeBelow(tx, key, at);
  const event = (action: string, before: object, after: object) =>
    recordAudit(tx, audit, {
      organizationId,
      infoType: DOCUMENTS_INFO_TYPE,
      action,
      entityType: DOCUMENT_ENTITY,
      entityId: key.documentId,
      before,
      after,
    });
  await event('effective', { revision: key.revision, effectiveAt: null }, { revision: key.revision, effectiveAt: at });
  for (const old of superseded) {
    await event(
      'supersede',
      { revision: old.revision, supersededAt: null },
      { revision: old.revision, supersededAt: at, supersededBy: key.revision },
    );
  }
  await scheduleNextReview(tx, scope, key.documentId, at);
}

/**
 * A revision was released (approved, or set as final): it becomes effective at once, unless its
 * effective date is still to come or it waits for its training (then the job makes it effective).
 * In the caller's transaction, after the document's lock. Answers whether it took effect now.
 */
export async function releaseRevision(tx: Tx, scope: EffectScope, key: DueRevision): Promise<boolean> {
  const row = await lockRevisionAwaitingEffect(tx, key);
  const at = now();
  if (!row || row.trainingEffectDays !== null || (row.effectiveOn !== null && row.effectiveOn > dayOf(at))) {
    return false;
  }
  await makeEffective(tx, scope, key, at);
  return true;
}

/**
 * The effect job (every hour, so a date takes effect within the hour after midnight UTC): each
 * released revision whose effective date has come, or whose training completed or ran out of days,
 * becomes effective, one transaction per revision under its document's lock, audited as the
 * system. Revisions already effective, superseded or withdrawn are not due, so running it again
 * changes nothing. Answers how many revisions became effective.
 */
export async function makeDueRevisionsEffective(app: AppContext, at = now()): Promise<number> {
  const day = dayOf(at);
  const byDate = await makeEffectiveWhileDue(
    app,
    at,
    (limit, from) => findDueRevisions(app.database.db, day, limit, from),
    async (tx, key) => {
      const row = await lockRevisionAwaitingEffect(tx, key);
      return !!row && row.trainingEffectDays === null && row.effectiveOn !== null && row.effectiveOn <= day;
    },
  );
  const byTraining = await makeEffectiveWhileDue(
    app,
    at,
    (limit, from) => findTrainingDueRevisions(app.database.db, at, limit, from),
    async (tx, key) => !!(await lockRevisionAwaitingEffect(tx, key)) && (await isTrainingDue(tx, key, at)),
  );
  return byDate + byTraining;
}

/** Pages through `find`; each revision still due (`stillDue`, which locks its document) becomes effective. */
async function makeEffectiveWhileDue(
  app: AppContext,
  at: Date,
  find: (limit: number, from?: DueRevision) => Promise<DueRevision[]>,
  stillDue: (tx: Tx, key: DueRevision) => Promise<boolean>,
) {
  let done = 0;
  let from: DueRevision | undefined;
  for (;;) {
    const due = await find(BATCH, from);
    for (const key of due) {
      const changed = await app.database.db.transaction(async (tx) => {
        if (!(await stillDue(tx, key))) return false;
        await makeEffective(tx, { organizationId: key.organizationId, audit: SYSTEM_ACTOR }, key, at);
        return true;
      });
      if (changed) done += 1;
    }
    if (due.length < BATCH) return done;
    from = due[due.length - 1];
  }
}
