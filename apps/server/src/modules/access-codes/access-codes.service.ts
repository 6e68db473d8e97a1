import { randomInt } from 'node:crypto';
import { type KeyedMessage, message } from '@qualis/contract';
import type { AppContext } from '../../core/context.js';
import { recordAudit, type AuditActor } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { renderMail } from '../../core/mail/templates.js';
import { hashPassword, verifyPassword } from '../../core/passwords.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import {
  deactivateActiveCode,
  findPeopleWithCodesOlderThan,
  findPeopleWithoutValidCode,
  findValidCode,
  insertAccessCode,
  lockCodeOwners,
} from './access-codes.repository.js';

export const ACCESS_CODE_LENGTH = 6;
/** Codes are renewed after twelve months (spec 01 section 9). */
export const ACCESS_CODE_MAX_AGE_MONTHS = 12;
const RENEWAL_BATCH = 100;
const SYSTEM: AuditActor = { userId: null, email: null, ip: null, requestId: null };

type CodeOwner = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'language'>;

/** Six random digits; leading zeros are kept. */
const newCode = () => String(randomInt(0, 10 ** ACCESS_CODE_LENGTH)).padStart(ACCESS_CODE_LENGTH, '0');

/** The oldest creation time of a valid code at `now`: codes made before it have expired. */
export function validCodesSince(now = new Date()): Date {
  const since = new Date(now);
  since.setMonth(since.getMonth() - ACCESS_CODE_MAX_AGE_MONTHS);
  return since;
}

interface CodeEvent {
  action: 'generate' | 'renew';
  organizationId: string | null;
  /** Why a code was made without anyone asking for one by name (the audit event's reason). */
  reason?: string;
}

/**
 * Replaces the person's code with a new one, e-mails it in their language and audits the change,
 * in the caller's transaction. Only the argon2id hash is stored; the code appears in the mail alone.
 */
async function replaceAccessCode(ctx: AppContext, tx: DbOrTx, audit: AuditActor, owner: CodeOwner, event: CodeEvent) {
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
    reason: event.reason ?? null,
  });
}

/** The toast after a code is e-mailed. */
const codeSentTo = (email: string) => message('accessCodeSent', { email });

/** Generates and e-mails a new code; answers the toast text. */
export async function generateAccessCode(
  ctx: AppContext,
  audit: AuditActor,
  owner: CodeOwner,
  organizationId: string | null,
): Promise<KeyedMessage> {
  await ctx.database.db.transaction(async (tx) => {
    await lockCodeOwners(tx, [owner.id]);
    await replaceAccessCode(ctx, tx, audit, owner, { action: 'generate', organizationId });
  });
  return codeSentTo(owner.email);
}

/**
 * In the caller's transaction, gives each of `people` who has no valid code (none, or one older
 * than twelve months) a new one, e-mailed in their language and audited as a generation; a valid
 * code is left alone. Called where a person becomes an approver of a revision, so an approver
 * finds their code in their mailbox and never meets a form they cannot sign.
 */
export async function ensureAccessCodes(tx: DbOrTx, ctx: ServiceContext, people: readonly string[], reason: string) {
  if (people.length === 0) return;
  await lockCodeOwners(tx, people);
  const organizationId = ctx.access.organization.id;
  for (const owner of await findPeopleWithoutValidCode(tx, people, validCodesSince())) {
    await replaceAccessCode(ctx.app, tx, ctx.audit, owner, { action: 'generate', organizationId, reason });
  }
}

/** Whether the person has a valid access code (active, younger than twelve months). */
export async function hasValidAccessCode(db: DbOrTx, userId: string): Promise<boolean> {
  return (await findValidCode(db, userId, validCodesSince())) !== undefined;
}

/**
 * 'Send me my access code': the signed-in person gets a new code by e-mail when theirs is missing
 * or expired. A valid code is never replaced here (only its hash is kept, so it cannot be sent
 * again): 409 tells them to use the e-mailed one. Answers the toast text.
 */
export async function sendOwnAccessCode(ctx: ServiceContext, owner: CodeOwner): Promise<KeyedMessage> {
  const organizationId = ctx.access.organization.id;
  await ctx.app.database.db.transaction(async (tx) => {
    await lockCodeOwners(tx, [owner.id]);
    if (await findValidCode(tx, owner.id, validCodesSince())) throw AppError.conflict('accessCodeStillValid');
    await replaceAccessCode(ctx.app, tx, ctx.audit, owner, {
      action: 'generate',
      organizationId,
      reason: 'Asked for by the person: their access code was missing or expired.',
    });
  });
  return codeSentTo(owner.email);
}

/** Whether `code` is the person's valid access code (for electronic signatures). */
export async function verifyAccessCode(db: DbOrTx, userId: string, code: string): Promise<boolean> {
  const valid = await findValidCode(db, userId, validCodesSince());
  const wellFormed = new RegExp(`^\\d{${ACCESS_CODE_LENGTH}}$`).test(code);
  return (await verifyPassword(valid?.codeHash ?? null, code)) && wellFormed;
}

/** The yearly renewal: every active code older than twelve months is replaced and e-mailed. */
export async function renewExpiredAccessCodes(ctx: AppContext, now = new Date()): Promise<number> {
  const db: Db = ctx.database.db;
  const before = validCodesSince(now);
  let renewed = 0;
  for (;;) {
    const owners = await findPeopleWithCodesOlderThan(db, before, RENEWAL_BATCH);
    for (const owner of owners) {
      const done = await db.transaction(async (tx) => {
        await lockCodeOwners(tx, [owner.id]);
        // Someone may have given them a new code since they were read (ensureAccessCodes).
        const [due] = await findPeopleWithoutValidCode(tx, [owner.id], before);
        if (due) await replaceAccessCode(ctx, tx, SYSTEM, due, { action: 'renew', organizationId: null });
        return due !== undefined;
      });
      if (done) renewed += 1;
    }
    if (owners.length < RENEWAL_BATCH) return renewed;
  }
}
