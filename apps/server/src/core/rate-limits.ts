import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { Config } from '../config.js';
import { bearerToken, requireActor } from './auth.js';
import { AppError, errorEnvelope } from './errors.js';
import { hashToken } from './tokens.js';
import { postgresCounts, POSTGRES_CLEANUP, redisCounts, sharedStore, type CountsKind } from './rate-limit-store.js';

const PERSON = 'person:';
/** An IPv6 client counts by its /64, as the plugin's own default does. */
const addressOf = (request: FastifyRequest) => normalizeIP(request.ip);

const CACHE_SIZE = 20_000;
const CLEANUP_TASK = 'rate-limit-counts-cleanup';
const HOUR_MS = 60 * 60_000;

/**
 * Where the counts live, decided once at start (docs/decisions/0041-shared-rate-limits.md): in
 * Redis when REDIS_URL is set, else in PostgreSQL when the server runs on it, else in the process
 * (the embedded database has one process: nothing to share).
 */
async function countsStore(app: FastifyInstance, redisUrl: string | undefined) {
  const { database } = app.ctx;
  const counts = redisUrl
    ? await redisCounts(redisUrl)
    : database.kind === 'postgres'
      ? postgresCounts(database.raw)
      : undefined;
  const kind: CountsKind = counts?.kind ?? 'memory';
  app.log.info({ rateLimitStore: kind }, `rate limits are counted in ${kind}`);
  if (!counts) return { kind, store: undefined };
  const shared = sharedStore(counts, app.log, CACHE_SIZE);
  app.addHook('onClose', async () => {
    await shared.close();
    await counts.close();
  });
  if (counts.kind === 'postgres') {
    app.ctx.jobs.every(CLEANUP_TASK, HOUR_MS, async (ctx) => ctx.database.raw.exec(POSTGRES_CLEANUP));
  }
  return { kind, store: shared.store };
}

/**
 * Rate limits for the API only: the web app's own files are never limited. Authenticated calls
 * count per person (all their sessions and tabs share a budget, whatever address and node they
 * come from), anonymous calls per client address; sign-in and refresh have their own, lower
 * per-address limit (`signInRateLimit`). Answers where the counts live.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  { rateLimits: limits, redisUrl }: Pick<Config, 'rateLimits' | 'redisUrl'>,
): Promise<CountsKind> {
  const { kind, store } = await countsStore(app, redisUrl);
  await app.register(rateLimit, {
    timeWindow: '1 minute',
    cache: CACHE_SIZE,
    ...(store ? { store } : {}),
    allowList: (request) => !request.url.startsWith('/api/'),
    keyGenerator: (request) => {
      // No database work before the limit is checked: a token this process has not verified
      // lately (a fresh one, or a made-up one) counts against its address's anonymous budget,
      // so inventing tokens buys no budget of one's own. The store's own statement is the only
      // database work before the limit is checked.
      const token = bearerToken(request);
      const userId = token ? app.ctx.sessions.get(hashToken(token))?.actor.userId : undefined;
      return userId ? PERSON + userId : addressOf(request);
    },
    max: (_request, key) => (key.startsWith(PERSON) ? limits.personPerMinute : limits.addressPerMinute),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorEnvelope('RATE_LIMITED', 'rateLimited'),
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });
  return kind;
}

/** Route option for sign-in and token refresh: per client address, whoever is signed in. */
export const signInRateLimit = (limits: Config['rateLimits']) => ({
  max: limits.signInPerMinute,
  timeWindow: '1 minute',
  keyGenerator: addressOf,
});

/**
 * Route option for 'Send me my access code': once per person in 5 minutes, counted after the
 * session is checked (`preHandler`), so it always counts the person and never their address. The
 * route's own limit replaces the general per-person budget there.
 */
export const accessCodeSendRateLimit = {
  max: 1,
  timeWindow: '5 minutes',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `access-code-send:${requireActor(request).userId}`,
  errorResponseBuilder: () => new AppError('RATE_LIMITED', 'accessCodeSendLimit'),
};
