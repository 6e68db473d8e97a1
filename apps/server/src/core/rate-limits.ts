import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { messages } from '@qualis/contract';
import type { Config } from '../config.js';
import { bearerToken } from './auth.js';
import { errorEnvelope } from './errors.js';
import { hashToken } from './tokens.js';

/** How long a bearer token keeps its person's budget without being seen authenticated again. */
const REMEMBER_TOKEN_MS = 15 * 60_000;
/** Bounds the memory of the token → person map; the oldest entries go first. */
const REMEMBERED_TOKENS_MAX = 50_000;

/**
 * Which person a bearer token belongs to, learnt from requests that authenticated with it.
 * No database work happens before the limit is checked: a token this process has not yet seen
 * authenticated (a fresh one, or a made-up one) counts against its address's anonymous budget,
 * so inventing tokens buys no budget of one's own.
 */
class TokenOwners {
  private readonly owners = new Map<string, { userId: string; until: number }>();

  ownerOf(tokenHash: string, now: number): string | undefined {
    const entry = this.owners.get(tokenHash);
    if (entry && entry.until > now) return entry.userId;
    if (entry) this.owners.delete(tokenHash);
    return undefined;
  }

  remember(tokenHash: string, userId: string, now: number) {
    this.owners.delete(tokenHash);
    this.owners.set(tokenHash, { userId, until: now + REMEMBER_TOKEN_MS });
    if (this.owners.size > REMEMBERED_TOKENS_MAX) {
      const oldest = this.owners.keys().next().value;
      if (oldest !== undefined) this.owners.delete(oldest);
    }
  }
}

const PERSON = 'person:';
/** An IPv6 client counts by its /64, as the plugin's own default does. */
const addressOf = (request: FastifyRequest) => normalizeIP(request.ip);
const tokenHashOf = new WeakMap<FastifyRequest, string>();

/**
 * Rate limits, in memory per process, for the API only: the web app's own files are never
 * limited. Authenticated calls count per person (all their sessions and tabs share a budget,
 * whatever address they come from), anonymous calls per client address; sign-in and refresh
 * have their own, lower per-address limit (`signInRateLimit`).
 */
export async function registerRateLimits(app: FastifyInstance, limits: Config['rateLimits']) {
  const owners = new TokenOwners();
  await app.register(rateLimit, {
    timeWindow: '1 minute',
    cache: 20_000,
    allowList: (request) => !request.url.startsWith('/api/'),
    keyGenerator: (request) => {
      const token = bearerToken(request);
      if (!token) return addressOf(request);
      const hash = hashToken(token);
      tokenHashOf.set(request, hash);
      const userId = owners.ownerOf(hash, Date.now());
      return userId ? PERSON + userId : addressOf(request);
    },
    max: (_request, key) => (key.startsWith(PERSON) ? limits.personPerMinute : limits.addressPerMinute),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorEnvelope('RATE_LIMITED', messages.rateLimited),
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });
  // Learns a token's owner once the request has authenticated, whichever way it did.
  app.addHook('onResponse', async (request) => {
    const hash = tokenHashOf.get(request);
    if (hash && request.actor && owners.ownerOf(hash, Date.now()) === undefined) {
      owners.remember(hash, request.actor.userId, Date.now());
    }
  });
}

/** Route option for sign-in and token refresh: per client address, whoever is signed in. */
export const signInRateLimit = (limits: Config['rateLimits']) => ({
  max: limits.signInPerMinute,
  timeWindow: '1 minute',
  keyGenerator: addressOf,
});
