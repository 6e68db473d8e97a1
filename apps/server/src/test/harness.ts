import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { withDatabase } from './global-setup.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

/**
 * A fresh database for one test file: a copy of the migrated template. With `dataDir`, an embedded
 * one is kept on disk there (`dataDir/pglite`) as a server's is, for a command run on it once it is
 * closed; `env` is what that command needs besides DATA_DIR.
 */
export async function openTestDatabase(dataDir?: string): Promise<Database & { env: Record<string, string> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `qualis_t${process.ppid}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    } finally {
      await admin.end();
    }
    const own = withDatabase(url, name);
    const database = await openDatabase({ kind: 'postgres', url: own, maxConnections: 4 });
    return {
      ...database,
      env: { DATABASE_URL: own },
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const dump = await fs.readFile(inject('pgliteTemplatePath'));
  const database = await openDatabase({
    kind: 'pglite',
    loadDataDir: new Blob([dump]),
    ...(dataDir ? { dataDir: path.join(dataDir, 'pglite') } : {}),
  });
  return { ...database, env: {} };
}

export interface TestContextOptions extends Partial<Omit<AppDeps, 'config' | 'database'>> {
  /** Start a real SMTP server and point SMTP_URL at it. */
  smtp?: boolean;
  env?: Record<string, string>;
  /**
   * Another process of the same deployment: a second app on that context's database, data
   * folder and SMTP sink. Closing it closes only its app.
   */
  sameDeploymentAs?: { database: Database; dataDir: string; smtp: SmtpSink | undefined };
  /** Serve the built web app from this folder, as main.ts does. */
  webDir?: string;
  /** The build's validation report folder, as main.ts gives it. */
  validationReportDir?: string;
  /** The running version, as main.ts gives it. */
  version?: string;
}

/** The real app on a fresh database, for `app.inject`; close it in afterAll. */
export async function createTestContext(options: TestContextOptions = {}) {
  const { smtp: wantSmtp, env, webDir, validationReportDir, version, sameDeploymentAs: shared, ...deps } = options;
  const smtp: SmtpSink | undefined = shared ? shared.smtp : wantSmtp ? await startSmtpSink() : undefined;
  const dataDir = shared ? shared.dataDir : await fs.mkdtemp(path.join(os.tmpdir(), 'qualis-data-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://qualis.test',
      // Tests send many requests from one address; the rate-limit tests set their own limits.
      RATE_LIMIT_PERSON_PER_MINUTE: '100000',
      RATE_LIMIT_ADDRESS_PER_MINUTE: '100000',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
      ...env,
    }),
    webDir,
    validationReportDir,
    version,
  };
  const database = shared ? shared.database : await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    logger: false,
    signInSlowdownMs: 0,
    mailPollMs: 60_000,
    jobPollMs: 60_000,
    wakeOnQueuedWork: false,
    checkAnswers: true,
    ...deps,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    dataDir,
    smtp,
    /** Sends every queued mail now instead of waiting for the worker's next poll. */
    deliverMail: async () => {
      if (!app.ctx.mailer.worker) throw new Error('no mail worker: create the context with { smtp: true }');
      return app.ctx.mailer.worker.drain();
    },
    /** Runs every due job and recurring task now. */
    runJobs: () => app.ctx.jobs.runNow(),
    close: async () => {
      await app.close();
      if (shared) return;
      await database.close();
      await smtp?.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;
