const BASE_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** Time before the next try of background work: 30 s, 1 min, 2 min, ... up to an hour. */
export const backoffMs = (attempts: number) =>
  Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
