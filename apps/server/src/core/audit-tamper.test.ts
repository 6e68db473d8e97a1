import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { auditChainHeads, auditEvents, auditSeals, mailOutbox } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { createOrganization, createUser } from '../test/factories.js';
import { purgeOrganization } from '../modules/organizations/organizations.repository.js';
import { reportAuditChains, sealAuditChains } from '../modules/organizations/audit-chains.js';
import { newId } from './ids.js';
import { recordAudit, sealAuditChain, verifyAuditChain, type AuditActor } from './audit.js';
import { req } from '../../../../docs/requirements/req.js';

// Issue 23, tamper evidence (docs/decisions/0025-audit-tamper-evidence.md): each test is what an
// attacker with SQL access to the application's database would try.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const system: AuditActor = { userId: null, email: 'tester@example.test', ip: '127.0.0.1', requestId: 'test' };

async function organizationWithEvents(count: number) {
  const org = await createOrganization(t.db);
  for (let i = 1; i <= count; i += 1) {
    await t.db.transaction((tx) =>
      recordAudit(tx, system, { organizationId: org.id, infoType: 'Tags', action: `step ${i}`, entityType: 'tag' }),
    );
  }
  return org;
}

/** The database's own message when it refuses `work` (Drizzle wraps it), or 'accepted'. */
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'accepted',
    (e: Error & { cause?: Error }) => (e.cause ?? e).message,
  );

/** Runs `statements` in one transaction that first sets what once opened the trigger. */
const withPurgeSetting = (...statements: ReturnType<typeof sql>[]) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL qualis.audit_purge = 'on'`);
    for (const statement of statements) await tx.execute(statement);
  });

const eventsOf = (chainKey: string) =>
  t.db.select().from(auditEvents).where(eq(auditEvents.chainKey, chainKey)).orderBy(auditEvents.seq);

describe('no session setting opens the audit trail', () => {
  it(`refuses DELETE of events after SET qualis.audit_purge ${req('AUD-002')}`, async () => {
    const org = await organizationWithEvents(3);
    expect(
      await refusal(withPurgeSetting(sql`DELETE FROM audit_events WHERE chain_key = ${org.id} AND seq = 3`)),
    ).toMatch(/append-only/);
    expect(await eventsOf(org.id)).toHaveLength(3);
    expect(await verifyAuditChain(t.db, org.id)).toEqual({ ok: true, count: 3 });
  });

  it(`refuses UPDATE of an event, with the setting or without ${req('AUD-002')}`, async () => {
    const org = await organizationWithEvents(2);
    const forge = sql`UPDATE audit_events SET action = 'forged' WHERE chain_key = ${org.id} AND seq = 1`;
    expect(await refusal(withPurgeSetting(forge))).toMatch(/append-only/);
    expect(await refusal(t.db.execute(forge))).toMatch(/append-only/);
  });

  it(`refuses to move a chain head back over a cut tail, or to remove or reset it ${req('AUD-003')}`, async () => {
    const org = await organizationWithEvents(3);
    const [first] = await eventsOf(org.id);
    expect(
      await refusal(
        withPurgeSetting(
          sql`DELETE FROM audit_events WHERE chain_key = ${org.id} AND seq > 1`,
          sql`UPDATE audit_chain_heads SET last_seq = 1, last_hash = ${first!.hash} WHERE chain_key = ${org.id}`,
        ),
      ),
    ).toMatch(/append-only/);
    // Moving the head alone (back, or forward past the events) is refused too.
    const moveHead = (seq: number, hash: string) =>
      refusal(
        t.db.update(auditChainHeads).set({ lastSeq: seq, lastHash: hash }).where(eq(auditChainHeads.chainKey, org.id)),
      );
    expect(await moveHead(1, first!.hash)).toMatch(/only advance/);
    expect(await moveHead(4, 'f'.repeat(64))).toMatch(/only advance/);
    expect(await refusal(t.db.delete(auditChainHeads).where(eq(auditChainHeads.chainKey, org.id)))).toMatch(
      /only advance/,
    );
    expect(await refusal(t.database.raw.exec('TRUNCATE audit_chain_heads'))).toMatch(/only advance/);
    expect(await verifyAuditChain(t.db, org.id)).toEqual({ ok: true, count: 3 });
  });

  it(`keeps seals append-only, and refuses a forged one ${req('AUD-003')}`, async () => {
    const org = await organizationWithEvents(2);
    await sealAuditChain(t.db, org.id);
    expect(await refusal(t.db.update(auditSeals).set({ lastSeq: 0 }).where(eq(auditSeals.chainKey, org.id)))).toMatch(
      /append-only/,
    );
    expect(await refusal(t.db.delete(auditSeals).where(eq(auditSeals.chainKey, org.id)))).toMatch(/append-only/);
    expect(await refusal(t.database.raw.exec('TRUNCATE audit_seals'))).toMatch(/append-only/);
    // A seal must name a stored event, at or past the latest seal (a later, shorter one would
    // otherwise vouch for a cut tail).
    const [first, second] = await eventsOf(org.id);
    const forge = (lastSeq: number, lastHash: string) =>
      refusal(
        t.db.insert(auditSeals).values({ id: newId(), chainKey: org.id, lastSeq, lastHash, sealedAt: new Date() }),
      );
    expect(await forge(2, 'f'.repeat(64))).toMatch(/append-only/);
    expect(await forge(1, first!.hash)).toMatch(/append-only/);
    expect(await forge(2, second!.hash)).toBe('accepted');
  });

  it('still purges the events, head and seals of a removed organization', async () => {
    const org = await organizationWithEvents(2);
    await sealAuditChain(t.db, org.id);
    const purged = await t.db.transaction((tx) => purgeOrganization(tx, org));
    expect(purged.counts.auditEvents).toBe(2);
    expect(await eventsOf(org.id)).toHaveLength(0);
    expect(await t.db.select().from(auditChainHeads).where(eq(auditChainHeads.chainKey, org.id))).toHaveLength(0);
    expect(await t.db.select().from(auditSeals).where(eq(auditSeals.chainKey, org.id))).toHaveLength(0);
  });
});

describe('seals anchor the chain outside the database', () => {
  it(`verifies a chain longer than one read (1,000 events) to its end ${req('AUD-003')}`, async () => {
    const org = await createOrganization(t.db);
    await t.db.transaction(async (tx) => {
      for (let i = 1; i <= 1001; i += 1) {
        await recordAudit(tx, system, {
          organizationId: org.id,
          infoType: 'Tags',
          action: `step ${i}`,
          entityType: 'tag',
        });
      }
    });
    expect(await verifyAuditChain(t.db, org.id)).toEqual({ ok: true, count: 1001 });
    await t.database.raw.exec('ALTER TABLE audit_events DISABLE TRIGGER USER');
    await t.database.raw.query(`UPDATE audit_events SET action = 'edited' WHERE chain_key = $1 AND seq = 1001`, [
      org.id,
    ]);
    await t.database.raw.exec('ALTER TABLE audit_events ENABLE TRIGGER USER');
    expect(await verifyAuditChain(t.db, org.id)).toEqual({ ok: false, count: 1001, brokenAtSeq: 1001 });
  });

  it(`catches a tail cut with the triggers off and the head moved back to match ${req('AUD-003')}`, async () => {
    const org = await organizationWithEvents(3);
    const seal = (await sealAuditChain(t.db, org.id))!;
    expect(seal.lastSeq).toBe(3);
    const [, second] = await eventsOf(org.id);
    // A database owner can switch triggers off; the cut chain is consistent in itself.
    await t.database.raw.exec(`ALTER TABLE audit_events DISABLE TRIGGER USER;
      ALTER TABLE audit_chain_heads DISABLE TRIGGER USER`);
    await t.database.raw.query('DELETE FROM audit_events WHERE chain_key = $1 AND seq = 3', [org.id]);
    await t.database.raw.query('UPDATE audit_chain_heads SET last_seq = 2, last_hash = $2 WHERE chain_key = $1', [
      org.id,
      second!.hash,
    ]);
    await t.database.raw.exec(`ALTER TABLE audit_events ENABLE TRIGGER USER;
      ALTER TABLE audit_chain_heads ENABLE TRIGGER USER`);
    expect(await verifyAuditChain(t.db, org.id)).toEqual({ ok: false, count: 2, brokenAtSeq: 3, seal });
    const report = await reportAuditChains(t.db, org.id);
    expect(report.ok).toBe(false);
    expect(report.lines).toEqual([
      `${org.id}: 2 events, chain BROKEN at event 3 (latest seal of ${minute(seal.sealedAt)} (event 3))`,
    ]);
  });

  it(`seals each grown chain daily: stored, logged and mailed to the Admins in their language ${req('AUD-003')}`, async () => {
    const org = await organizationWithEvents(2);
    const admin = await createUser(t.db, { role: 'Admin', language: 'de', memberOf: [{ organizationId: org.id }] });
    await createUser(t.db, { role: 'User', memberOf: [{ organizationId: org.id }] });
    const superAdmin = await createUser(t.db, { role: 'SuperAdmin' });
    await t.db.transaction((tx) =>
      recordAudit(tx, system, { organizationId: null, infoType: 'Sessions', action: 'probe', entityType: 'none' }),
    );
    const logged: unknown[] = [];
    const failed: unknown[] = [];
    const log = {
      info: (entry: unknown) => logged.push(entry),
      error: (entry: unknown) => failed.push(entry),
    } as unknown as FastifyBaseLogger;
    const now = new Date('2026-11-25T21:03:00Z');

    expect(await sealAuditChains(t.app.ctx, log, now)).toBeGreaterThan(0);
    const [head] = await t.db.select().from(auditChainHeads).where(eq(auditChainHeads.chainKey, org.id));
    const expected = { lastSeq: 2, lastHash: head!.lastHash, sealedAt: now };
    expect(logged).toContainEqual({ auditSeal: { chainKey: org.id, ...expected } });
    expect(failed).toEqual([]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.organizationId, org.id));
    expect(mails.map((m) => m.toAddress)).toEqual([admin.email]);
    expect(mails[0]!.subject).toBe(`Qualis: Siegel des Audit-Trails von ${org.name}, 2026-11-25 21:03 UTC`);
    expect(mails[0]!.textBody).toContain(head!.lastHash);
    expect(await verifyAuditChain(t.db, org.id)).toEqual({ ok: true, count: 2, seal: expected });
    const [providerMail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, superAdmin.email));
    expect(providerMail!.subject).toBe('Qualis: audit trail seal of Qualis (provider), 2026-11-25 21:03 UTC');
    expect((await reportAuditChains(t.db, org.id)).lines).toEqual([
      `${org.id}: 2 events, chain intact up to seal of 2026-11-25 21:03 UTC (event 2)`,
    ]);

    // Nothing new: no second seal, no second mail.
    await sealAuditChains(t.app.ctx, log, new Date('2026-11-26T21:03:00Z'));
    expect(await t.db.select().from(auditSeals).where(eq(auditSeals.chainKey, org.id))).toHaveLength(1);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.organizationId, org.id))).toHaveLength(1);
  });

  it(`reports every chain without an organization, and an unknown organization as a failure ${req('AUD-003')}`, async () => {
    const org = await organizationWithEvents(1);
    const all = await reportAuditChains(t.db);
    expect(all.lines).toContain(`${org.id}: 1 events, chain intact (no seal yet)`);
    const unknown = await reportAuditChains(t.db, '00000000-0000-4000-8000-000000000000');
    expect(unknown).toEqual({
      ok: false,
      lines: ['00000000-0000-4000-8000-000000000000: no audit events (is the organization id right?)'],
    });
  });
});

const minute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
