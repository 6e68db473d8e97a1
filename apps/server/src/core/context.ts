import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { FileStorage } from './files.js';
import type { JobRunner } from './jobs.js';
import type { Mailer } from './mail/mailer.js';
import type { SessionCache } from './session-cache.js';

/** What services need, built once per app (and by a background job that works without a request). */
export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  jobs: JobRunner;
  storage: FileStorage;
  /** Verified sessions of this process (core/session-cache.ts). */
  sessions: SessionCache;
  signInSlowdownMs: number;
}
