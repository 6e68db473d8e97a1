import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { errorEnvelope, httpLayerErrorHandling, registerErrorHandling } from './core/errors.js';
import type { AppContext } from './core/context.js';
import { openFileStorage } from './core/files.js';
import { newId } from './core/ids.js';
import { API_PREFIX, openApiOptions } from './core/openapi.js';
import { JobRunner } from './core/jobs.js';
import { Mailer } from './core/mail/mailer.js';
import type { MailTransport } from './core/mail/worker.js';
import { registerCompression } from './core/compression.js';
import { registerAccessPipeline } from './core/pipeline.js';
import { SessionCache } from './core/session-cache.js';
import { registerRateLimits } from './core/rate-limits.js';
import { registerSecurityHeaders } from './core/security-headers.js';
import { validatorCompiler } from './core/validation.js';
import { answerSerializerCompiler } from './core/answer-serializer.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { validationReportRoutes } from './modules/validation-report/validation-report.routes.js';
import { sessionsRoutes } from './modules/sessions/sessions.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { organizationsRoutes } from './modules/organizations/organizations.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { peopleRoutes } from './modules/people/people.routes.js';
import { accessCodesRoutes } from './modules/access-codes/access-codes.routes.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { permissionsRoutes } from './modules/permissions/permissions.routes.js';
import { userGroupsRoutes } from './modules/user-groups/user-groups.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { actionsRoutes } from './modules/actions/actions.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { documentsRoutes } from './modules/documents/documents.routes.js';
import { documentSignaturesRoutes } from './modules/documents/document-signatures.routes.js';
import { documentExportsRoutes } from './modules/documents/document-exports.routes.js';
import { periodicReviewRoutes } from './modules/documents/periodic-review.routes.js';
import { trainingRecordsRoutes } from './modules/training-records/training-records.routes.js';
import { trainingExportsRoutes } from './modules/training-records/training-exports.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { hrRecordsRoutes } from './modules/hr-records/hr-records.routes.js';
import { fileTextsRoutes } from './modules/search/file-texts.routes.js';
import { auditReviewRoutes } from './modules/audit-review/audit-review.routes.js';
import { testControlRoutes } from './modules/test-controls/test-controls.routes.js';
import { operationsRoutes } from './modules/operations/operations.routes.js';
import { policyNamed } from './modules/policies.js';
import { listenForQueuedWork } from './core/work-signal.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Replaces the SMTP transport (tests that simulate a failing server). */
  mailTransport?: MailTransport;
  mailPollMs?: number;
  jobPollMs?: number;
  /**
   * Whether a queued mail or job wakes the workers at commit (default true). The API tests turn it
   * off and run the workers themselves, so what they see does not depend on timing.
   */
  wakeOnQueuedWork?: boolean;
  /** How long a claimed job or mail is held without renewal (default 2 minutes). */
  leaseMs?: number;
  /** Pause added to a failed sign-in once an account has 3 failures (default 1000 ms). */
  signInSlowdownMs?: number;
  logger?: boolean;
  /**
   * Checks every JSON answer against its Zod schema before the compiled serializer writes it
   * (core/answer-serializer.ts). Default: on when the test controls are (servers started for
   * tests); the API test harness turns it on.
   */
  checkAnswers?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    ...httpLayerErrorHandling,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : newId();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler(deps.checkAnswers ?? config.testControls));
  registerErrorHandling(app);

  const storage = await openFileStorage(config);
  const mailer = new Mailer(database.db, app.log, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    storage,
    ...(deps.mailTransport ? { transport: deps.mailTransport } : {}),
    ...(deps.mailPollMs ? { pollMs: deps.mailPollMs } : {}),
    ...(deps.leaseMs ? { leaseMs: deps.leaseMs } : {}),
  });
  const jobs = new JobRunner(() => app.ctx, database.db, app.log, { pollMs: deps.jobPollMs, leaseMs: deps.leaseMs });
  const sessions = new SessionCache();
  await sessions.start(database);
  app.decorate('ctx', {
    config,
    database,
    mailer,
    jobs,
    storage,
    sessions,
    signInSlowdownMs: deps.signInSlowdownMs ?? 1000,
  });
  registerAccessPipeline(app, policyNamed);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerSecurityHeaders(app, config.publicUrl);
  await registerCompression(app);
  await registerRateLimits(app, config);

  await app.register(swagger, openApiOptions(app));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(sessionsRoutes);
      await api.register(profileRoutes);
      await api.register(organizationsRoutes);
      await api.register(uploadsRoutes);
      await api.register(exportsRoutes);
      await api.register(peopleRoutes);
      await api.register(accessCodesRoutes);
      await api.register(accountsRoutes);
      await api.register(notificationsRoutes);
      await api.register(permissionsRoutes);
      await api.register(userGroupsRoutes);
      await api.register(settingsRoutes);
      await api.register(actionsRoutes);
      await api.register(dashboardRoutes);
      await api.register(documentsRoutes);
      await api.register(documentSignaturesRoutes);
      await api.register(documentExportsRoutes);
      await api.register(periodicReviewRoutes);
      await api.register(trainingRecordsRoutes);
      await api.register(trainingExportsRoutes);
      await api.register(hrRecordsRoutes);
      await api.register(searchRoutes);
      await api.register(fileTextsRoutes);
      await api.register(auditReviewRoutes);
      await api.register(validationReportRoutes);
    },
    { prefix: API_PREFIX },
  );
  if (config.testControls) await app.register(testControlRoutes, { prefix: '/api/test' });
  // The backup of the embedded database, which only it can dump; PostgreSQL's is pg_dump's
  // (docs/decisions/0043-backups.md). Not without a database (the OpenAPI document's build).
  if (database.snapshotWith) await app.register(operationsRoutes, { prefix: '/operations' });

  const serveWebApp = Boolean(config.webDir && fs.existsSync(path.join(config.webDir, 'index.html')));
  if (serveWebApp && config.webDir) await registerWebApp(app, config.webDir);
  app.setNotFoundHandler((request, reply) => {
    // Page addresses get the app; a missing asset (a file name with an extension) stays a 404,
    // so a stale page after a redeploy fails clearly instead of receiving HTML as a script.
    const pathname = request.url.split('?')[0] ?? '';
    const isPage = !pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(pathname);
    // HEAD answers as GET does (monitoring tools probe pages with it).
    if (serveWebApp && (request.method === 'GET' || request.method === 'HEAD') && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorEnvelope('NOT_FOUND', 'routeNotFound'));
  });

  let stopListeningForWork: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    mailer.worker?.start();
    jobs.start();
    if (deps.wakeOnQueuedWork === false) return;
    stopListeningForWork = await listenForQueuedWork(database, {
      mail: () => mailer.worker?.wake(),
      jobs: () => jobs.wake(),
    });
  });
  app.addHook('onClose', async () => {
    await stopListeningForWork?.();
    // Both hand their leases over within the grace (core/leases.ts), before main.ts's forced exit.
    await Promise.all([jobs.stop(), mailer.worker?.stop()]);
    await sessions.close();
  });

  return app;
}

/** The built single-page app; other page addresses get index.html from the not-found handler. */
async function registerWebApp(app: FastifyInstance, webDir: string) {
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    // scripts/build-web.mjs writes a .br and a .gz beside every text file of 1 KiB or more.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
}
