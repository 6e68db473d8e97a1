import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@qualis/contract';
import { auditEvents, jobSchedules, userAccessCodes } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createOrganization, createUser, signIn } from '../../test/factories.js';
import { verifyAccessCode } from './access-codes.service.js';
import { req } from '../../../../../docs/requirements/req.js';

type Headers = Record<string, string>;
type Person = Awaited<ReturnType<typeof createUser>>;

let t: TestContext;
let orgA: string, orgB: string;
let superAdmin: Headers, adminA: Headers, userOne: Headers;
let one: Person, two: Person, otherAdmin: Person, inB: Person;

const generate = (userId: string, headers: Headers, payload?: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/verifications/user-access-code/${userId}`,
    headers,
    ...(payload ? { payload } : {}),
  });

/** The codes mailed to a person so far, oldest first. */
async function codesMailedTo(email: string): Promise<string[]> {
  await t.deliverMail();
  return t
    .smtp!.messages.filter((m) => m.to.includes(email) && m.subject === 'Qualis: your access code')
    .map((m) => /^(\d{6})$/m.exec(m.text)![1]!);
}

const activeCodes = (userId: string) =>
  t.db
    .select()
    .from(userAccessCodes)
    .where(and(eq(userAccessCodes.userId, userId), isNull(userAccessCodes.deactivatedAt)));

beforeAll(async () => {
  t = await createTestContext({ smtp: true });
  orgA = (await createOrganization(t.db, { name: 'Alpha Medical' })).id;
  orgB = (await createOrganization(t.db, { name: 'Beta Devices' })).id;
  superAdmin = (await signIn(t.app, (await createUser(t.db, { role: 'SuperAdmin' })).email)).headers;
  const admin = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgA }] });
  adminA = (await signIn(t.app, admin.email)).headers;
  otherAdmin = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgA }] });
  one = await createUser(t.db, { email: 'one@example.test', memberOf: [{ organizationId: orgA }] });
  userOne = (await signIn(t.app, one.email)).headers;
  two = await createUser(t.db, { email: 'two@example.test', memberOf: [{ organizationId: orgA }] });
  inB = await createUser(t.db, { email: 'bea@example.test', memberOf: [{ organizationId: orgB }] });
});
afterAll(() => t.close());

describe('PATCH /verifications/user-access-code/{id}', () => {
  it('needs a session', async () => {
    expect((await generate(one.id, {})).statusCode).toBe(401);
  });

  it('answers 404 for a person or an organization the Admin does not share', async () => {
    expect((await generate(inB.id, adminA)).statusCode).toBe(404);
    expect((await generate(one.id, adminA, { organizationId: orgB })).statusCode).toBe(404);
    expect((await generate(inB.id, superAdmin, { organizationId: orgA })).statusCode).toBe(404);
  });

  it(`refuses another person's code to a User, and an Admin's to an Admin ${req('SIG-001', 'PERM-007')}`, async () => {
    expect((await generate(two.id, userOne)).statusCode).toBe(403);
    expect((await generate(otherAdmin.id, adminA)).statusCode).toBe(403);
    expect(await activeCodes(two.id)).toEqual([]);
  });

  it('refuses a malformed id or organization id', async () => {
    expect((await generate('nope', adminA)).statusCode).toBe(400);
    const res = await generate(one.id, adminA, { organizationId: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('organizationId');
  });

  it(`e-mails a 6-digit code that verifies; only its hash is kept and the trail never holds it ${req('SIG-003', 'SIG-013')}`, async () => {
    const res = await generate(one.id, adminA, { organizationId: orgA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { message: messages.accessCodeSent.replace('{email}', 'one@example.test') },
    });
    const [code] = await codesMailedTo('one@example.test');
    expect(code).toMatch(/^\d{6}$/);
    expect(await verifyAccessCode(t.db, one.id, code!)).toBe(true);
    expect(await verifyAccessCode(t.db, one.id, code === '000000' ? '000001' : '000000')).toBe(false);
    expect(await verifyAccessCode(t.db, two.id, code!)).toBe(false);

    const [row] = await activeCodes(one.id);
    expect(row!.codeHash).toMatch(/^\$argon2id\$/);
    expect(row!.codeHash).not.toContain(code);
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, one.id));
    expect(events.filter((e) => e.infoType === 'Access Codes')).toEqual([
      expect.objectContaining({ infoType: 'Access Codes', action: 'generate', organizationId: orgA }),
    ]);
    expect(JSON.stringify(events)).not.toContain(code);
  });

  it(`lets a person renew their own code (no body): the previous code stops working ${req('SIG-001')}`, async () => {
    const [before] = await codesMailedTo('one@example.test');
    const res = await generate(one.id, userOne);
    expect(res.statusCode).toBe(200);
    const codes = await codesMailedTo('one@example.test');
    expect(codes).toHaveLength(2);
    expect(await verifyAccessCode(t.db, one.id, codes[1]!)).toBe(true);
    if (before !== codes[1]) expect(await verifyAccessCode(t.db, one.id, before!)).toBe(false);
    expect(await activeCodes(one.id)).toHaveLength(1);
    const all = await t.db.select().from(userAccessCodes).where(eq(userAccessCodes.userId, one.id));
    expect(all).toHaveLength(2);
  });

  it('lets the SuperAdmin generate a code for anyone', async () => {
    expect((await generate(inB.id, superAdmin)).statusCode).toBe(200);
    expect(await codesMailedTo('bea@example.test')).toHaveLength(1);
  });
});

describe('access-code renewal job', () => {
  it(`renews and e-mails codes older than 12 months, and leaves younger ones ${req('SIG-002')}`, async () => {
    const [old] = await activeCodes(one.id);
    const [young] = await activeCodes(inB.id);
    const thirteenMonthsAgo = new Date();
    thirteenMonthsAgo.setMonth(thirteenMonthsAgo.getMonth() - 13);
    const elevenMonthsAgo = new Date();
    elevenMonthsAgo.setMonth(elevenMonthsAgo.getMonth() - 11);
    await t.db.update(userAccessCodes).set({ createdAt: thirteenMonthsAgo }).where(eq(userAccessCodes.id, old!.id));
    await t.db.update(userAccessCodes).set({ createdAt: elevenMonthsAgo }).where(eq(userAccessCodes.id, young!.id));
    await t.db
      .update(jobSchedules)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(jobSchedules.name, 'access-code-renewal'));

    await t.runJobs();

    const [renewed] = await activeCodes(one.id);
    expect(renewed!.id).not.toBe(old!.id);
    const codes = await codesMailedTo('one@example.test');
    expect(codes).toHaveLength(3);
    expect(await verifyAccessCode(t.db, one.id, codes[2]!)).toBe(true);
    expect((await activeCodes(inB.id))[0]!.id).toBe(young!.id);
    expect(await codesMailedTo('bea@example.test')).toHaveLength(1);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, one.id), eq(auditEvents.action, 'renew')));
    expect(event).toMatchObject({ infoType: 'Access Codes', actorUserId: null, organizationId: null });
  });
});
