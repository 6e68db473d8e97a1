import { z } from 'zod';
import { ZTimestamp } from './fields.js';
import { messageKeys } from './messages/index.js';
import { ZDay } from './organization-exports.js';

/**
 * Where a revision stands after its signatures (issue 24, docs/decisions/0032-effective-revisions.md):
 * Pending until it takes effect (in review, rejected, or released and waiting for its effective
 * date), Effective, Superseded by a later revision's effect, Obsolete once withdrawn.
 */
export const REVISION_LIFECYCLES = ['Pending', 'Effective', 'Superseded', 'Obsolete'] as const;
export const ZRevisionLifecycle = z.enum(REVISION_LIFECYCLES);
export type RevisionLifecycle = z.infer<typeof ZRevisionLifecycle>;

/** The one derivation of a revision's lifecycle state from its stored columns. */
export function revisionLifecycleOf(r: {
  status: string;
  isFinal: boolean;
  effectiveAt: unknown;
  supersededAt: unknown;
}): RevisionLifecycle {
  if (r.status === 'Obsolete') return 'Obsolete';
  if (r.supersededAt !== null && r.supersededAt !== undefined) return 'Superseded';
  if (r.isFinal && r.effectiveAt !== null && r.effectiveAt !== undefined) return 'Effective';
  return 'Pending';
}

/** A revision's effect, as its detail, the revision selector and the list show it. */
export const revisionEffectFields = {
  lifecycle: ZRevisionLifecycle,
  /** The day (UTC) its Responsible chose for it to take effect; null: at its release. */
  effectiveOn: z.string().describe('YYYY-MM-DD').nullable(),
  /** When it became effective. */
  effectiveAt: ZTimestamp.nullable(),
  /** When a later revision's effect superseded it, and which revision. */
  supersededAt: ZTimestamp.nullable(),
  supersededBy: z.number().int().nullable(),
};

/** The effective date a Responsible chooses (create, edit General, new revision): a day, or none. */
export const ZEffectiveOn = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.string({ error: messageKeys.invalidDate }).pipe(ZDay).nullable(),
);

/** Training before effect: the most days after release a revision waits for its trainees. */
export const TRAINING_EFFECT_DAYS_MAX = 365;
export const TRAINING_EFFECT_DAYS_DEFAULT = 14;

/**
 * 'Effective when training completes' (General, a revision that requires training): it takes
 * effect when all its trainees passed, or this many days after its release, whichever comes first;
 * none: the option is off.
 */
export const ZTrainingEffectDays = z
  .number({ error: messageKeys.documentTrainingEffectDaysInvalid })
  .int(messageKeys.documentTrainingEffectDaysInvalid)
  .min(1, messageKeys.documentTrainingEffectDaysInvalid)
  .max(TRAINING_EFFECT_DAYS_MAX, messageKeys.documentTrainingEffectDaysInvalid)
  .nullish()
  .transform((v) => v ?? null);

/** A Pending revision waiting for its training: how many of its trainees passed it ('7 of 9 passed'). */
export const ZTrainingEffect = z.object({
  days: z.number().int(),
  passed: z.number().int(),
  trainees: z.number().int(),
});
export type TrainingEffect = z.infer<typeof ZTrainingEffect>;
