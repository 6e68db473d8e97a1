// The time the document lifecycle reads (revision-effect.ts and its job): the machine's, unless a
// test moved it (tests call setClock; the browser journeys through the test-only control,
// docs/decisions/0032-effective-revisions.md).

let offsetMs = 0;

export const now = () => new Date(Date.now() + offsetMs);

/** The UTC day of `at` (YYYY-MM-DD): an effective date is a day. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Moves the clock so that it reads `at` now (and runs on from there); none puts it back. */
export function setClock(at?: Date) {
  offsetMs = at === undefined ? 0 : at.getTime() - Date.now();
}
