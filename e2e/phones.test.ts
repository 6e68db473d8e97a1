import type { Page } from 'playwright-core';
import { Permission } from '@qualis/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, checkPage } from './support/accessibility.js';
import { motionDone, screenshot } from './support/browser.js';
import { SUPERADMIN } from './support/server.js';
import { journeyEnvironment } from './support/journey.js';
import { req } from '../docs/requirements/req.js';

/**
 * Every page of specs 01 and 02 (and the HR pages of spec 03), as SuperAdmin, Admin and User, on a phone (390 x 844) and on a
 * desktop (1400 x 900): no page scrolls sideways on the phone, axe-core finds no serious or
 * critical WCAG 2.1 AA violation at either width, and each page leaves a screenshot per width.
 */
const ADMIN = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@phones.e2e.qualis.test' };
const USER = { firstName: 'Linus', lastName: 'Pauling', email: 'linus@phones.e2e.qualis.test' };

describe('phones and accessibility: every page of specs 01 and 02 at 390 px and 1400 px', () => {
  // axe-core is injected beside the app, so the contexts bypass the CSP.
  const env = journeyEnvironment('phones', { viewport: PHONE, bypassCSP: true });
  const { call, onboard, signedIn } = env;

  let base = '';
  let userId = '';
  let adminId = '';
  let groupId = '';
  let managedId = '';
  let hrRecordId = '';
  const SLOW = 600_000;

  /** Checks the listed pages and fails with everything found on them. */
  async function checkAll(page: Page, role: string, pages: readonly (readonly [string, string])[]) {
    const problems: string[] = [];
    for (const [name, path] of pages) problems.push(...(await checkPage(page, `${role}-${name}`, path)));
    expect(problems).toEqual([]);
  }

  // An organization with an Admin and a User in a group, and one its client manages.
  beforeAll(async () => {
    const { token, organizationId } = await env.providerOrganization('Acme Medical Devices International');
    const managed = await call<{ data: { id: string } }>('POST', '/organizations', { name: 'Client Run Ltd' }, token);
    managedId = managed.data.id;
    await call('PATCH', `/organizations/${managedId}/managed-by-client`, undefined, token);
    [adminId, userId] = await Promise.all([
      onboard('client-admins', ADMIN, organizationId, token),
      onboard('client-users', USER, organizationId, token),
    ]);
    groupId = await env.group(organizationId, token, {
      name: 'Quality Team',
      permissions: [Permission.ViewAllDocuments, Permission.ManageOrganizationSettings],
      userIds: [userId],
    });
    base = `/organizations/${organizationId}`;
    const records = await call<{ data: { id: string; userId: string }[] }>(
      'GET',
      `/human-resource-records?organizationId=${organizationId}&limit=25&offset=0`,
      undefined,
      token,
    );
    hrRecordId = records.data.find((r) => r.userId === userId)!.id;
  });

  it(`checks the public pages ${req('UI-009')}`, { timeout: SLOW }, async () => {
    const anonymous = await env.newPage();
    await checkAll(anonymous, 'public', [
      ['login', '/login'],
      ['forgot-password', '/forgot-password'],
      ['reset-password', '/reset-password?email=a%40b.test&token=nope'],
      ['set-password', '/set-password?email=a%40b.test&token=nope'],
      ['confirm-email', '/confirm-email?email=a%40b.test&token=nope'],
    ]);
  });

  it(`checks the SuperAdmin's pages ${req('UI-009')}`, { timeout: SLOW }, async () => {
    const superAdmin = await signedIn(SUPERADMIN);
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

  it(`checks the Admin's pages ${req('UI-009')}`, { timeout: SLOW }, async () => {
    const admin = await signedIn(ADMIN);
    await checkAll(admin, 'admin', [
      ['dashboard', `${base}/dashboard`],
      ['users', `${base}/users`],
      ['user', `${base}/users/${userId}`],
      ['admin-self', `${base}/users/${adminId}`],
      ['groups', `${base}/user-groups`],
      ['group', `${base}/user-groups/${groupId}`],
      ['setting', `${base}/setting`],
      ['human-resources', `${base}/human-resources`],
      ['human-resource', `${base}/human-resources/${hrRecordId}`],
      ['notifications', `${base}/notifications`],
      ['help', `${base}/help`],
      ['profile', '/profile'],
      ['profile-edit', '/profile/edit'],
      ['user-organizations', '/user-organizations'],
    ]);
  });

  it(`checks the User's pages, and the phone drawer ${req('UI-009')}`, { timeout: SLOW }, async () => {
    const user = await signedIn(USER);
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
    await motionDone(user); // the drawer's slide-in
    await screenshot(user, 'phones-user-drawer-open-390');
    await user.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
    await user.waitForURL(`**${base}/setting`);
    await screenshot(user, 'phones-user-drawer-followed-390');
  });
});
