import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@qualis/contract';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import type { AuditActor } from './audit.js';
import type { SessionCache, VerifiedSession } from './session-cache.js';
import { AppError } from './errors.js';
import { hashToken } from './tokens.js';

/** The signed-in person making a request. */
export interface Actor {
  userId: string;
  email: string;
  role: Role;
  sessionId: string;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** The session lookup, prepared once per database: a revoked or expired session does not answer. */
function prepareSessionLookup(db: Db) {
  return db
    .select({ user: users, sessionId: sessions.id, accessExpiresAt: sessions.accessExpiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.accessTokenHash, sql.placeholder('hash')),
        isNull(sessions.revokedAt),
        gt(sessions.accessExpiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_by_access_token');
}

const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/**
 * The person and session an access token stands for: from this process's cache while it is
 * trusted (core/session-cache.ts), else one indexed query that also reads the person's row.
 */
export async function verifyAccessToken(
  db: Db,
  cache: SessionCache,
  token: string,
): Promise<VerifiedSession | undefined> {
  const hash = hashToken(token);
  const cached = cache.get(hash);
  if (cached) return cached;
  const version = cache.version();
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = prepareSessionLookup(db)));
  const [row] = await lookup.execute({ hash, now: new Date() });
  if (!row) return undefined;
  const { user } = row;
  const session: VerifiedSession = {
    actor: { userId: user.id, email: user.email, role: user.role, sessionId: row.sessionId },
    user,
    accessExpiresAt: row.accessExpiresAt,
  };
  cache.set(hash, session, version);
  return session;
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw AppError.unauthenticated();
  return request.actor;
}

export function auditActorOf(request: FastifyRequest): AuditActor {
  return {
    userId: request.actor?.userId ?? null,
    email: request.actor?.email ?? null,
    ip: request.ip,
    requestId: String(request.id),
  };
}
