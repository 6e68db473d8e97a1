import { randomInt } from 'node:crypto';
import { messages } from '@qualis/contract';
import type { AppContext } from '../../core/context.js';
import { recordAudit, type AuditActor } from '../../core/audit.js';
import { newId } from '../../core/ids.js';
import { renderMail } from '../../core/mail/templates.js';
import { hashPassword, verifyPassword } from '../../core/passwords.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { UserRow } from '../users/users.repository.js';
import {
  deactivateActiveCode,
  findActiveCode,
  findPeopleWithCodesOlderThan,
  insertAccessCode,
} from './access-codes.repository.js';

export const ACCESS_CODE_LENGTH = 6;
/** Codes are renewed after twelve months (spec 01 section 9). */
export const ACCESS_CODE_MAX_AGE_MONTHS = 12;
const RENEWAL_BATCH = 100;
const SYSTEM: AuditActor = { userId: null, email: null, ip: null, requestId: null };

type CodeOwner = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'language'>;

/** Six random digits; leading zeros are kept. */
const newCode = () => String(randomInt(0, 10 ** ACCESS_CODE_LENGTH)).padStart(ACCESS_CODE_LENGTH, '0');

/**
 * Replaces the person's code with a new one, e-mails it and audits the change, in one
 * transaction. Only the argon2id hash is stored; the code appears in the mail alone.
 */
async function replaceAccessCode(
  ctx: AppContext,
  tx: DbOrTx,
  audit: AuditActor,
  owner: CodeOwner,
  event: { action: 'generate' | 'renew'; organizationId: string | null },
) {
  const code = newCode();
  const now = new Date();
  await deactivateActiveCode(tx, owner.id, now);
  const id = newId();
  await insertAccessCode(tx, { id, userId: owner.id, codeHash: await hashPassword(code), createdAt: now });
  const mail = renderMail('accessCode', owner.language, {
    name: [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.email,
    code,
    email: owner.email,
  });
  await ctx.mailer.enqueue(tx, { to: owner.email, organizationId: event.organizationId, ...mail });
  await recordAudit(tx, audit, {
    organizationId: event.organizationId,
    infoType: 'Access Codes',
    action: event.action,
    entityType: 'user',
    entityId: owner.id,
    after: { accessCodeId: id, sentTo: owner.email },
  });
}

/** Generates and e-mails a new code; answers the toast text. */
export async function generateAccessCode(
  ctx: AppContext,
  audit: AuditActor,
  owner: CodeOwner,
  organizationId: string | null,
): Promise<string> {
  await ctx.database.db.transaction((tx) =>
    replaceAccessCode(ctx, tx, audit, owner, { action: 'generate', organizationId }),
  );
  return messages.accessCodeSent.replace('{email}', owner.email);
}

/** Whether `code` is the person's active access code (for electronic signatures). */
export async function verifyAccessCode(db: DbOrTx, userId: string, code: string): Promise<boolean> {
  const active = await findActiveCode(db, userId);
  const wellFormed = new RegExp(`^\\d{${ACCESS_CODE_LENGTH}}$`).test(code);
  return (await verifyPassword(active?.codeHash ?? null, code)) && wellFormed;
}

/** The yearly renewal: every active code older than twelve months is replaced and e-mailed. */
export async function renewExpiredAccessCodes(ctx: AppContext, now = new Date()): Promise<number> {
  const db: Db = ctx.database.db;
  const before = new Date(now);
  before.setMonth(before.getMonth() - ACCESS_CODE_MAX_AGE_MONTHS);
  let renewed = 0;
  for (;;) {
    const owners = await findPeopleWithCodesOlderThan(db, before, RENEWAL_BATCH);
    for (const owner of owners) {
      await db.transaction((tx) =>
        replaceAccessCode(ctx, tx, SYSTEM, owner, { action: 'renew', organizationId: null }),
      );
      renewed += 1;
    }
    if (owners.length < RENEWAL_BATCH) return renewed;
  }
}
