import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../db/schema/index.js';
import { createOrganization } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { recordAudit, sealAuditChain, verifyAuditChain, type AuditActor } from './audit.js';
import { verifyAuditChainSinceLast } from './audit-verification.js';

// The audit review banner's verification (docs/decisions/0027, 2026-11-26): from where the
// process last found the chain intact. Tampering as in audit-tamper.test.ts: SQL with the triggers off.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const system: AuditActor = { userId: null, email: 'tester@example.test', ip: '127.0.0.1', requestId: 'test' };

async function addEvents(organizationId: string, count: number) {
  for (let i = 1; i <= count; i += 1) {
    await t.db.transaction((tx) =>
      recordAudit(tx, system, { organizationId, infoType: 'Tags', action: `step ${i}`, entityType: 'tag' }),
    );
  }
}

/** Each `[text, params]` run as a database owner would, with the audit tables' triggers off. */
async function asOwner(...statements: [string, unknown[]][]) {
  await t.database.raw.exec(`ALTER TABLE audit_events DISABLE TRIGGER USER;
    ALTER TABLE audit_chain_heads DISABLE TRIGGER USER`);
  try {
    for (const [text, params] of statements) await t.database.raw.query(text, params);
  } finally {
    await t.database.raw.exec(`ALTER TABLE audit_events ENABLE TRIGGER USER;
      ALTER TABLE audit_chain_heads ENABLE TRIGGER USER`);
  }
}

it('verifies the events added since the last verification, and finds a break among them', async () => {
  const org = await createOrganization(t.db);
  await addEvents(org.id, 3);
  expect(await verifyAuditChainSinceLast(t.db, org.id)).toEqual({ ok: true, count: 3 });
  await addEvents(org.id, 2);
  const seal = (await sealAuditChain(t.db, org.id))!;
  expect(await verifyAuditChainSinceLast(t.db, org.id)).toEqual({ ok: true, count: 5, seal });
  await addEvents(org.id, 2);
  await asOwner([`UPDATE audit_events SET action = 'edited' WHERE chain_key = $1 AND seq = 6`, [org.id]]);
  expect(await verifyAuditChainSinceLast(t.db, org.id)).toEqual({ ok: false, count: 7, brokenAtSeq: 6, seal });
});

it('reports a tail cut below the verified point broken, though the shorter chain is consistent in itself', async () => {
  const org = await createOrganization(t.db);
  await addEvents(org.id, 3);
  expect(await verifyAuditChainSinceLast(t.db, org.id)).toEqual({ ok: true, count: 3 });
  const [second] = await t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.chainKey, org.id), eq(auditEvents.seq, 2)));
  await asOwner(
    ['DELETE FROM audit_events WHERE chain_key = $1 AND seq = 3', [org.id]],
    ['UPDATE audit_chain_heads SET last_seq = 2, last_hash = $2 WHERE chain_key = $1', [org.id, second!.hash]],
  );
  // Without a seal, the whole chain read afresh has nothing to miss it by.
  expect(await verifyAuditChain(t.db, org.id)).toEqual({ ok: true, count: 2 });
  expect(await verifyAuditChainSinceLast(t.db, org.id)).toEqual({ ok: false, count: 2, brokenAtSeq: 3 });
  expect(await verifyAuditChainSinceLast(t.db, org.id)).toEqual({ ok: false, count: 2, brokenAtSeq: 3 });
});

it('does not reread the verified events: an edit in place there is for the full verification to find', async () => {
  const org = await createOrganization(t.db);
  await addEvents(org.id, 3);
  expect(await verifyAuditChainSinceLast(t.db, org.id)).toEqual({ ok: true, count: 3 });
  await asOwner([`UPDATE audit_events SET action = 'edited' WHERE chain_key = $1 AND seq = 2`, [org.id]]);
  expect(await verifyAuditChainSinceLast(t.db, org.id)).toEqual({ ok: true, count: 3 });
  expect(await verifyAuditChain(t.db, org.id)).toEqual({ ok: false, count: 3, brokenAtSeq: 2 });
});
