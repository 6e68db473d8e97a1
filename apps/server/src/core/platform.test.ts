import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { messages } from '@qualis/contract';
import { auditEvents, mailOutbox, organizationCounters } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { createOrganization } from '../test/factories.js';
import { PROVIDER_CHAIN, recordAudit, verifyAuditChain, type AuditActor } from './audit.js';
import { nextNumber } from './counters.js';
import { registerErrorHandling } from './errors.js';
import { MAX_ATTEMPTS } from './mail/outbox.js';
import { policyNamed } from '../modules/policies.js';
import { req } from '../../../../docs/requirements/req.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ smtp: true });
});
afterAll(() => t.close());

const system: AuditActor = { userId: null, email: 'tester@example.test', ip: '127.0.0.1', requestId: 'test' };

describe('route table', () => {
  it(`gives every API route a policy that exists, and an organization to every organization policy ${req('PERM-007')}`, () => {
    const api = t.app.routeCatalogue.filter((r) => r.url.startsWith('/api/v1'));
    expect(api.length).toBeGreaterThan(5);
    for (const route of api) {
      const known = route.policy === 'public' || route.policy === 'authenticated' || policyNamed(route.policy);
      expect(known, `${route.method} ${route.url} → ${route.policy}`).toBeTruthy();
      if (route.scope === 'organization') expect(route.organizationField, route.url).toBeDefined();
    }
  });

  it(`refuses to start with a route that declares no policy, or is not a contract row ${req('PERM-007')}`, async () => {
    const { buildApp } = await import('../app.js');
    const app = await buildApp({ config: t.app.ctx.config, database: t.database, logger: false });
    expect(() => app.get('/api/v1/unguarded', async () => 'x')).toThrow(/declares no policy/);
    expect(() => app.get('/api/v1/unscoped', { config: { policy: 'userGroup.manage' } }, async () => 'x')).toThrow(
      /declares no organization source/,
    );
    // A misspelt policy does not compile, and the start-up check refuses it too.
    // @ts-expect-error 'userGroup.mange' is no policy name
    expect(() => app.get('/api/v1/misspelt', { config: { policy: 'userGroup.mange' } }, async () => 'x')).toThrow(
      /names unknown policy userGroup.mange/,
    );
    // Every API route is declared once, by its contract row (core/contract-route.ts).
    expect(() => app.get('/api/v1/undeclared', { config: { policy: 'public' } }, async () => 'x')).toThrow(
      /not registered from a contract row/,
    );
    await app.close().catch(() => {});
  });
});

describe('HTTP basics', () => {
  it('answers health when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
  });

  it('answers an unknown API route with the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errors: [{ code: 'NOT_FOUND', message: messages.routeNotFound }] });
  });

  it(`sends security headers and a request id ${req('SEC-003')}`, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The document preview frames the app's own blob: URLs, and nothing else may be embedded.
    expect(res.headers['content-security-policy']).toContain("frame-src 'self' blob:");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': '<bad id>' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it(`serves the OpenAPI document ${req('SEC-006')}`, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/api/v1' })]);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/sessions', '/organizations']));
  });

  it('hides the internals of unexpected errors', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('relation "secret_table" does not exist');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ errors: [{ code: 'INTERNAL', message: messages.internal }] });
    expect(res.body).not.toContain('secret_table');
  });
});

describe('audit trail', () => {
  it(`chains events per organization and detects a changed event ${req('AUD-001', 'AUD-003')}`, async () => {
    const org = await createOrganization(t.db);
    for (const action of ['create', 'update', 'delete']) {
      await t.db.transaction((tx) =>
        recordAudit(tx, system, {
          organizationId: org.id,
          infoType: 'Tags',
          action,
          entityType: 'tag',
          entityId: 'x',
          after: { n: action },
        }),
      );
    }
    expect(await verifyAuditChain(t.db, org.id)).toEqual({ ok: true, count: 3 });
    expect((await verifyAuditChain(t.db, PROVIDER_CHAIN)).ok).toBe(true);

    // Tampering needs the trigger switched off (a database owner); the chain still shows it.
    await t.database.raw.exec('ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only');
    await t.database.raw.query(`UPDATE audit_events SET after = '{"n":"forged"}' WHERE chain_key = $1 AND seq = 2`, [
      org.id,
    ]);
    await t.database.raw.exec('ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only');
    expect(await verifyAuditChain(t.db, org.id)).toEqual({ ok: false, count: 3, brokenAtSeq: 2 });
  });

  it(`refuses UPDATE, DELETE and TRUNCATE of events ${req('AUD-002')}`, async () => {
    await t.db.transaction((tx) =>
      recordAudit(tx, system, { organizationId: null, infoType: 'Sessions', action: 'probe', entityType: 'none' }),
    );
    // Drizzle wraps the database error; the database's own message is the cause.
    const refusal = (work: Promise<unknown>) =>
      work.then(
        () => 'accepted',
        (e: Error & { cause?: Error }) => (e.cause ?? e).message,
      );
    expect(await refusal(t.db.update(auditEvents).set({ action: 'x' }))).toMatch(/append-only/);
    expect(await refusal(t.db.delete(auditEvents))).toMatch(/append-only/);
    expect(await refusal(t.database.raw.exec('TRUNCATE audit_events'))).toMatch(/append-only/);
  });

  it(`leaves no event behind when the business transaction fails ${req('AUD-001')}`, async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, system, {
          organizationId: null,
          infoType: 'Sessions',
          action: 'doomed',
          entityType: 'none',
        });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect((await verifyAuditChain(t.db, PROVIDER_CHAIN)).ok).toBe(true);
  });
});

describe('per-organization counters', () => {
  it('numbers each organization from 1 and gives a rolled-back number back', async () => {
    const a = await createOrganization(t.db);
    const b = await createOrganization(t.db);
    expect(await nextNumber(t.db, a.id, 'document')).toBe(1);
    expect(await nextNumber(t.db, a.id, 'document')).toBe(2);
    expect(await nextNumber(t.db, b.id, 'document')).toBe(1);
    expect(await nextNumber(t.db, a.id, 'task')).toBe(1);
    await expect(
      t.db.transaction(async (tx) => {
        await nextNumber(tx, a.id, 'document');
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await nextNumber(t.db, a.id, 'document')).toBe(3);
    const rows = await t.db.select().from(organizationCounters).where(eq(organizationCounters.organizationId, a.id));
    expect(rows).toHaveLength(2);
  });
});

describe('mail outbox', () => {
  it(`sends a committed mail through SMTP and drops a rolled-back one ${req('NOTIF-005')}`, async () => {
    await t.db.transaction((tx) =>
      t.app.ctx.mailer.enqueue(tx, { to: 'kept@example.test', subject: 'Kept', text: 'Körper ✓' }),
    );
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.ctx.mailer.enqueue(tx, { to: 'lost@example.test', subject: 'Lost', text: 'x' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({ to: 'kept@example.test' });
    expect(mail.text).toBe('Körper ✓');
    expect(t.smtp!.messages.some((m) => m.to.includes('lost@example.test'))).toBe(false);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'kept@example.test'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it(`retries with backoff while SMTP fails, then gives up ${req('NOTIF-005')}`, async () => {
    let calls = 0;
    const failing = await createTestContext({
      mailTransport: {
        send: async () => {
          calls += 1;
          throw new Error('421 service not available');
        },
      },
    });
    try {
      await failing.db.transaction((tx) =>
        failing.app.ctx.mailer.enqueue(tx, { to: 'x@example.test', subject: 'S', text: 'T' }),
      );
      await failing.deliverMail();
      let [row] = await failing.db.select().from(mailOutbox);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: '421 service not available' });
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

      await failing.deliverMail(); // not due yet: nothing is tried
      expect(calls).toBe(1);

      for (let i = 2; i <= MAX_ATTEMPTS; i++) {
        await failing.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
        await failing.deliverMail();
      }
      [row] = await failing.db.select().from(mailOutbox);
      expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
      expect(calls).toBe(MAX_ATTEMPTS);
    } finally {
      await failing.close();
    }
  });

  it(`hands its mails' leases over when stopped past the grace, and the unsent ones back ${req('OPS-001')}`, async () => {
    let stuck: (() => void) | undefined;
    let sent = 0;
    const stopping = await createTestContext({
      mailTransport: {
        // The first mail hangs, as on an SMTP server that stopped answering.
        send: () => (sent++ === 0 ? new Promise<void>((resolve) => (stuck = resolve)) : Promise.resolve()),
      },
    });
    try {
      for (const n of [1, 2, 3]) {
        await stopping.app.ctx.mailer.enqueue(stopping.db, { to: `m${n}@example.test`, subject: 'S', text: 'T' });
      }
      const delivering = stopping.deliverMail();
      await expect.poll(() => stuck).toBeDefined();
      await stopping.app.ctx.mailer.worker!.stop(50);
      // Past the grace every lease it holds is over: any process claims those mails now.
      const held = await stopping.db.select().from(mailOutbox);
      expect(held.map((row) => row.status)).toEqual(['sending', 'sending', 'sending']);
      for (const row of held) expect(row.lockedUntil!.getTime()).toBeLessThanOrEqual(Date.now());
      // The mail in hand ends; the two not started are pending again, unheld, their claim not counted.
      stuck!();
      await delivering;
      const rows = await stopping.db
        .select({ status: mailOutbox.status, attempts: mailOutbox.attempts, lockedBy: mailOutbox.lockedBy })
        .from(mailOutbox)
        .orderBy(mailOutbox.toAddress);
      expect(rows).toEqual([
        { status: 'sent', attempts: 1, lockedBy: null },
        { status: 'pending', attempts: 0, lockedBy: null },
        { status: 'pending', attempts: 0, lockedBy: null },
      ]);
    } finally {
      await stopping.close();
    }
  });
});
