import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@qualis/contract';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import type { AuditActor } from './audit.js';
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

/** One indexed query: a revoked or expired session stops working at once. */
export async function findActorByAccessToken(db: Db, token: string): Promise<Actor | undefined> {
  const [row] = await db
    .select({ userId: users.id, email: users.email, role: users.role, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.accessTokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.accessExpiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
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
