import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { randomInt } from 'node:crypto';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { users } from './db/schema/index.js';
import { recordAudit } from './core/audit.js';
import { newId } from './core/ids.js';
import { hashPassword } from './core/passwords.js';

export const DEFAULT_SUPERADMIN_EMAIL = 'superadmin@qualis.local';
/** The advisory lock the SuperAdmin's creation takes (db/migrate.ts takes another). */
const SUPERADMIN_LOCK_ID = 7_205_318;

/** A password that meets the policy: upper, lower, digit, and only allowed characters. */
export function generatePassword(length = 16): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%^&*'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * Creates the provider's SuperAdmin on first start, when none exists. Without a configured
 * password one is generated and printed once: it is not stored anywhere else.
 */
export async function ensureSuperAdmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'SuperAdmin')).limit(1);
  if (existing) return;
  const email = config.superAdminEmail ?? DEFAULT_SUPERADMIN_EMAIL;
  const password = config.superAdminPassword ?? generatePassword();
  const id = newId();
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    // Nodes started together on a new database: one creates the SuperAdmin, the others find it.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SUPERADMIN_LOCK_ID})`);
    const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'SuperAdmin')).limit(1);
    if (found) return false;
    await tx
      .insert(users)
      .values({ id, email, role: 'SuperAdmin', passwordHash, emailConfirmed: true, passwordChangedAt: new Date() });
    await recordAudit(
      tx,
      { userId: null, email: null, ip: null, requestId: null },
      {
        organizationId: null,
        infoType: 'Admins',
        action: 'create',
        entityType: 'user',
        entityId: id,
        after: { email, role: 'SuperAdmin' },
      },
    );
    return true;
  });
  if (!created) return;
  if (config.superAdminPassword) {
    log.info({ email }, 'SuperAdmin created with the configured password');
  } else {
    log.warn(`SuperAdmin created. Sign in as ${email} with the password ${password} (shown only this once).`);
  }
}
