import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, checkPage } from './support/accessibility.js';
import { screenshot } from './support/browser.js';
import { SUPERADMIN } from './support/server.js';
import { journeyEnvironment } from './support/journey.js';
import { JOURNEY_PASSWORD, signedInPage } from './support/people.js';

/**
 * Every page of specs 01 and 02, as SuperAdmin, Admin and User, on a phone (390 x 844) and on a
 * desktop (1400 x 900): no page scrolls sideways on the phone, axe-core finds no serious or
 * critical WCAG 2.1 AA violation at either width, and each page leaves a screenshot per width.
 */
const PASSWORD = JOURNEY_PASSWORD;
const ADMIN = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@phones.e2e.qualis.test' };
const USER = { firstName: 'Linus', lastName: 'Pauling', email: 'linus@phones.e2e.qualis.test' };

describe('phones and accessibility: every page of specs 01 and 02 at 390 px and 1400 px', () => {
  const env = journeyEnvironment('phones');
  const { call, onboard } = env;

  const check = (page: Page, name: string, path: string) => checkPage(page, name, path);

  const signIn = (email: string, password: string) =>
    signedInPage(env.browser, env.server, { email, password }, { viewport: PHONE, bypassCSP: true });

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
      await env.browser.newContext({ baseURL: env.server.url, viewport: PHONE, bypassCSP: true })
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
