/// <reference lib="dom" />
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.js';
import { SUPERADMIN, callApi, startServer, type RunningServer } from './support/server.js';
import { JOURNEY_PASSWORD, onboardPerson, signedInPage, type JourneyPerson } from './support/people.js';
import { startSmtpSink, type SmtpSink } from '../apps/server/src/test/smtp-sink.js';

/**
 * Every page of specs 01 and 02, as SuperAdmin, Admin and User, on a phone (390 x 844) and on a
 * desktop (1400 x 900): no page scrolls sideways on the phone, axe-core finds no serious or
 * critical WCAG 2.1 AA violation at either width, and each page leaves a screenshot per width.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1400, height: 900 };
const PASSWORD = JOURNEY_PASSWORD;
const ADMIN = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@phones.e2e.qualis.test' };
const USER = { firstName: 'Linus', lastName: 'Pauling', email: 'linus@phones.e2e.qualis.test' };
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Waits until the page has settled: no request in flight and no spinner. */
async function settle(page: Page) {
  // Not 'networkidle': the bell's event stream stays open by design; the spinners tell when data is in.
  await page.waitForLoadState('load');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .qualis-page-spinner'), null, {
    timeout: 15_000,
  });
  // Let antd's enter animations finish before measuring and checking contrast.
  await page.waitForTimeout(400);
}

/** Serious and critical WCAG 2.1 A/AA violations on the page, as readable lines. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    // axe-core is injected beside the app (the test context bypasses the CSP for it).
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('phones and accessibility: every page of specs 01 and 02 at 390 px and 1400 px', () => {
  let sink: SmtpSink;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ smtpUrl: sink.url, name: 'phones.server' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.close();
  });

  const call = <T>(method: string, urlPath: string, body?: unknown, token?: string) =>
    callApi<T>(server, method, urlPath, body, token);

  const onboard = (
    kind: 'client-admins' | 'client-users',
    person: JourneyPerson,
    organizationId: string,
    token: string,
  ) => onboardPerson(server, sink, { kind, person, organizationId, token });

  /** Measures, checks and photographs one page at both widths. */
  async function check(page: Page, name: string, path: string): Promise<string[]> {
    const problems: string[] = [];
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await settle(page);
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    if (width.scroll > width.viewport) problems.push(`${name}: ${width.scroll} px wide at ${width.viewport} px`);
    for (const line of await axeViolations(page)) problems.push(`${name} @390: ${line}`);
    await screenshot(page, `phones-${name}-390`);

    await page.setViewportSize(DESKTOP);
    await settle(page);
    for (const line of await axeViolations(page)) problems.push(`${name} @1400: ${line}`);
    await screenshot(page, `phones-${name}-1400`);
    return problems;
  }

  const signIn = (email: string, password: string) =>
    signedInPage(browser, server, { email, password }, { viewport: PHONE, bypassCSP: true });

  let base = '';
  let userId = '';
  let adminId = '';
  let groupId = '';
  let managedId = '';
  const SLOW = 600_000;

  /** Checks the listed pages and fails with everything found on them. */
  async function checkAll(page: Page, role: string, pages: readonly (readonly [string, string])[]) {
    const problems: string[] = [];
    for (const [name, path] of pages) problems.push(...(await check(page, `${role}-${name}`, path)));
    expect(problems).toEqual([]);
  }

  it('sets up an organization with an Admin, a User in a group, and one its client manages', async () => {
    const sa = await call<{ data: { token: { accessToken: string } } }>('POST', '/sessions', SUPERADMIN);
    const token = sa.data.token.accessToken;
    const organization = await call<{ data: { id: string } }>(
      'POST',
      '/organizations',
      { name: 'Acme Medical Devices International' },
      token,
    );
    const organizationId = organization.data.id;
    const managed = await call<{ data: { id: string } }>('POST', '/organizations', { name: 'Client Run Ltd' }, token);
    managedId = managed.data.id;
    await call('PATCH', `/organizations/${managedId}/managed-by-client`, undefined, token);
    adminId = await onboard('client-admins', ADMIN, organizationId, token);
    userId = await onboard('client-users', USER, organizationId, token);
    const group = await call<{ data: { id: string } }>(
      'POST',
      '/user-groups',
      { organizationId, name: 'Quality Team' },
      token,
    );
    for (const type of [11, 56]) {
      await call('PUT', `/user-groups/${group.data.id}/settings`, { organizationId, type }, token);
    }
    await call('POST', `/user-groups/${group.data.id}/add`, { organizationId, users: [{ userId }] }, token);
    groupId = group.data.id;
    base = `/organizations/${organizationId}`;
  });

  it('checks the public pages', { timeout: SLOW }, async () => {
    const anonymous = await (
      await browser.newContext({ baseURL: server.url, viewport: PHONE, bypassCSP: true })
    ).newPage();
    await checkAll(anonymous, 'public', [
      ['login', '/login'],
      ['forgot-password', '/forgot-password'],
      ['reset-password', '/reset-password?email=a%40b.test&token=nope'],
      ['set-password', '/set-password?email=a%40b.test&token=nope'],
      ['confirm-email', '/confirm-email?email=a%40b.test&token=nope'],
    ]);
  });

  it("checks the SuperAdmin's pages", { timeout: SLOW }, async () => {
    const superAdmin = await signIn(SUPERADMIN.email, SUPERADMIN.password);
    await checkAll(superAdmin, 'superadmin', [
      ['organizations', '/organizations'],
      ['profile', '/profile'],
      ['profile-edit', '/profile/edit'],
      ['help', '/help'],
      ['not-found', '/pages-404'],
      ['org-admins', `${base}/admins`],
      ['org-users', `${base}/users`],
      ['org-user', `${base}/users/${userId}`],
      ['org-groups', `${base}/user-groups`],
      ['org-group', `${base}/user-groups/${groupId}`],
      ['org-setting', `${base}/setting`],
      ['org-help', `${base}/help`],
      ['org-notifications', `${base}/notifications`],
      ['org-managed-denied', `/organizations/${managedId}/admins`],
    ]);
  });

  it("checks the Admin's pages", { timeout: SLOW }, async () => {
    const admin = await signIn(ADMIN.email, PASSWORD);
    await checkAll(admin, 'admin', [
      ['dashboard', `${base}/dashboard`],
      ['users', `${base}/users`],
      ['user', `${base}/users/${userId}`],
      ['admin-self', `${base}/users/${adminId}`],
      ['groups', `${base}/user-groups`],
      ['group', `${base}/user-groups/${groupId}`],
      ['setting', `${base}/setting`],
      ['notifications', `${base}/notifications`],
      ['help', `${base}/help`],
      ['profile', '/profile'],
      ['profile-edit', '/profile/edit'],
      ['user-organizations', '/user-organizations'],
    ]);
  });

  it("checks the User's pages, and the phone drawer", { timeout: SLOW }, async () => {
    const user = await signIn(USER.email, PASSWORD);
    await checkAll(user, 'user', [
      ['dashboard', `${base}/dashboard`],
      ['access-permissions', `${base}/users/${userId}`],
      ['setting', `${base}/setting`],
      ['notifications', `${base}/notifications`],
      ['help', `${base}/help`],
      ['profile', '/profile'],
    ]);

    // The drawer holds the side menu on a phone.
    await user.setViewportSize(PHONE);
    await user.goto(`${base}/dashboard`);
    await user.getByRole('button', { name: 'Open menu' }).click();
    await user.getByRole('dialog').getByRole('link', { name: 'Settings' }).waitFor();
    await user.waitForTimeout(500); // the drawer's slide-in
    await screenshot(user, 'phones-user-drawer-open-390');
    await user.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
    await user.waitForURL(`**${base}/setting`);
    await screenshot(user, 'phones-user-drawer-followed-390');
  });
});
