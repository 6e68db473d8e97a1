import type { Page } from 'playwright-core';
import { Permission } from '@qualis/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, settle } from './support/accessibility.js';
import { screenshot } from './support/browser.js';
import { journeyEnvironment, pick } from './support/journey.js';
import { SUPERADMIN } from './support/server.js';

/**
 * The Help page of each role, every tab on a desktop (1280 px) and on a phone (390 px): the tabs
 * of the role, the footer's version, nothing wider than the phone, no serious or critical axe-core
 * finding, and a screenshot per tab and width (`help-<role>-<tab>-<width>`).
 */
const ADMIN = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@help.e2e.qualis.test' };
const USER = { firstName: 'Linus', lastName: 'Pauling', email: 'linus@help.e2e.qualis.test' };
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };
const SLOW = 600_000;

const TABS = {
  SuperAdmin: [
    'Introduction',
    'Notes about the Super Admin',
    'Notes about the Admin',
    'General Features',
    'Main artifacts and flows',
    'User access permissions',
  ],
  Admin: [
    'Introduction',
    'Notes about the Admin',
    'General Features',
    'Main artifacts and flows',
    'User access permissions',
  ],
  User: ['Introduction', 'General Features', 'Main artifacts and flows', 'User access permissions'],
};

const slug = (text: string) => text.toLowerCase().replaceAll(' ', '-');

describe('help: every tab of every role at 1280 px and 390 px', () => {
  // axe-core is injected beside the app, so the contexts bypass the CSP.
  const env = journeyEnvironment('help', { bypassCSP: true });
  let base = '';

  // An organization with an Admin and a User who may view all documents.
  beforeAll(async () => {
    const { token, organizationId } = await env.providerOrganization('Acme Medical');
    const [, userId] = await Promise.all([
      env.onboard('client-admins', ADMIN, organizationId, token),
      env.onboard('client-users', USER, organizationId, token),
    ]);
    await env.group(organizationId, token, {
      name: 'Quality Team',
      permissions: [Permission.ViewAllDocuments],
      userIds: [userId],
    });
    base = `/organizations/${organizationId}`;
  });

  /** Opens every tab of the role's Help at both widths and answers what is wrong. */
  async function walk(page: Page, role: keyof typeof TABS, path: string): Promise<string[]> {
    const problems: string[] = [];
    await page.setViewportSize(DESKTOP);
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
    await settle(page);
    expect(await page.getByRole('tab').allTextContents()).toEqual(TABS[role]);
    await page.getByText('version 1.2', { exact: true }).waitFor();
    for (const tab of TABS[role]) {
      await page.getByRole('tab', { name: tab }).click();
      await settle(page);
      for (const line of await axeViolations(page)) problems.push(`${role} ${tab} @1280: ${line}`);
      await screenshot(page, `help-${slug(role)}-${slug(tab)}-1280`);
    }

    await page.setViewportSize(PHONE);
    await settle(page);
    for (const tab of TABS[role]) {
      // On a phone the sections are chosen with a select.
      await page.getByLabel('Section').click();
      await pick(page, tab);
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached' });
      await page.mouse.move(PHONE.width - 5, PHONE.height - 5); // no tooltip of the top bar in the picture
      await settle(page);
      const width = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      if (width.scroll > width.viewport) problems.push(`${role} ${tab}: ${width.scroll} px wide at 390 px`);
      for (const line of await axeViolations(page)) problems.push(`${role} ${tab} @390: ${line}`);
      await screenshot(page, `help-${slug(role)}-${slug(tab)}-390`);
    }
    return problems;
  }

  it('shows the SuperAdmin all six tabs at /help', { timeout: SLOW }, async () => {
    const page = await env.signedIn(SUPERADMIN);
    expect(await walk(page, 'SuperAdmin', '/help')).toEqual([]);
  });

  it("shows an Admin the Admin's notes and the pages of every member", { timeout: SLOW }, async () => {
    const page = await env.signedIn(ADMIN);
    expect(await walk(page, 'Admin', `${base}/help`)).toEqual([]);
  });

  it('shows a User the pages of every member, and follows the contents to a part', { timeout: SLOW }, async () => {
    const page = await env.signedIn(USER);
    expect(await walk(page, 'User', `${base}/help`)).toEqual([]);

    await page.setViewportSize(DESKTOP);
    await page.getByRole('tab', { name: 'Main artifacts and flows' }).click();
    await page
      .getByRole('navigation', { name: 'Contents' })
      .getByRole('link', { name: 'Tags and Global Search' })
      .click();
    const part = page.getByRole('heading', { level: 2, name: 'Tags and Global Search' });
    await expect.poll(() => part.evaluate((h) => h.getBoundingClientRect().top < window.innerHeight)).toBe(true);
  });
});
