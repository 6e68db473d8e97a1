import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@qualis/contract';
import { req } from '../../../../../docs/requirements/req.js';
import { createOrganization, createUser, signIn } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

// GET /api/v1/validation-report and GET /api/v1/about: the report `npm run build` kept beside the
// build (decision 0034), and what About says of it.

let built: TestContext;
let none: TestContext;
let dir: string;
let superAdmin: Record<string, string>;
let admin: Record<string, string>;
const facts = {
  version: '1.2.0',
  commit: '46c769fa05e1d20eee340932aac44a86f3b60283',
  madeAt: '2026-11-26T12:29:58.000Z',
  validated: false,
  verdict: 'Not validated: 2 high-risk requirements without a passing test (DOC-005, DOC-006).',
};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'qualis-validation-'));
  await fs.writeFile(path.join(dir, 'report.pdf'), '%PDF-1.7 the report');
  await fs.writeFile(path.join(dir, 'report.html'), '<!doctype html><title>Qualis validation report</title>');
  await fs.writeFile(path.join(dir, 'report.json'), JSON.stringify(facts));
  built = await createTestContext({ validationReportDir: dir, version: '1.2.0' });
  none = await createTestContext({
    sameDeploymentAs: built,
    validationReportDir: path.join(dir, 'missing'),
    version: '1.2.0',
  });
  const org = await createOrganization(built.db);
  const sa = await createUser(built.db, { role: 'SuperAdmin' });
  const adminUser = await createUser(built.db, { role: 'Admin', memberOf: [{ organizationId: org.id }] });
  superAdmin = (await signIn(built.app, sa.email)).headers;
  admin = (await signIn(built.app, adminUser.email)).headers;
});

afterAll(async () => {
  await none.close();
  await built.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe(`GET /validation-report ${req('VAL-001')}`, () => {
  it('needs a session', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/api/v1/validation-report' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to anyone but the SuperAdmin', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/api/v1/validation-report', headers: admin });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 with a message when the build has no report', async () => {
    const res = await none.app.inject({ method: 'GET', url: '/api/v1/validation-report', headers: superAdmin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      errors: [{ code: 'NOT_FOUND', message: messages.validationReportMissing, messageKey: 'validationReportMissing' }],
    });
  });

  it("sends the build's report as a PDF, or as HTML when asked", async () => {
    const pdf = await built.app.inject({ method: 'GET', url: '/api/v1/validation-report', headers: superAdmin });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('qualis-validation-report.pdf');
    expect(pdf.body).toBe('%PDF-1.7 the report');

    const html = await built.app.inject({
      method: 'GET',
      url: '/api/v1/validation-report?format=html',
      headers: superAdmin,
    });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toContain('Qualis validation report');

    const bad = await built.app.inject({
      method: 'GET',
      url: '/api/v1/validation-report?format=doc',
      headers: superAdmin,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe(`GET /about ${req('VAL-001')}`, () => {
  it('answers 401 without a session and 403 to anyone but the SuperAdmin', async () => {
    expect((await built.app.inject({ method: 'GET', url: '/api/v1/about' })).statusCode).toBe(401);
    expect((await built.app.inject({ method: 'GET', url: '/api/v1/about', headers: admin })).statusCode).toBe(403);
  });

  it('gives the running version and what the kept report says of itself', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/api/v1/about', headers: superAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { version: '1.2.0', validationReport: facts } });
  });

  it('says so when the build carries no report', async () => {
    const res = await none.app.inject({ method: 'GET', url: '/api/v1/about', headers: superAdmin });
    expect(res.json()).toEqual({ data: { version: '1.2.0', validationReport: null } });
  });
});
