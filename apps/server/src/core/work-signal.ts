import type { Database } from '../db/client.js';

export const WORK_QUEUED_CHANNEL = 'qualis_work_queued';

/**
 * Wakes this process's mail worker and job runner when a commit, in any process, queued a mail or
 * a job (the NOTIFY of migration 0041 names the table). When listening resumes after a dropped
 * connection both are woken, since a signal may have been missed; their polling stays the fallback.
 */
export function listenForQueuedWork(
  database: Database,
  wake: { mail: () => void; jobs: () => void },
): Promise<() => Promise<void>> {
  return database.listen(
    WORK_QUEUED_CHANNEL,
    (table) => (table === 'mail_outbox' ? wake.mail() : wake.jobs()),
    (listening) => {
      if (!listening) return;
      wake.mail();
      wake.jobs();
    },
  );
}
