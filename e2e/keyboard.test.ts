/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { SUPERADMIN } from './support/server.js';
import { journeyEnvironment } from './support/journey.js';
import { req } from '../docs/requirements/req.js';

/**
 * The keyboard alone (issue 13, WCAG 2.1 2.1.1 and 2.4.7): sign in, search, sort and page a list,
 * open a row option's dialog and close it (focus goes back to the option), flip a permission
 * switch, and sign out through the user menu. Every focused control shows a focus ring.
 */
const ORGANIZATIONS = 27;
const SLOW = 300_000;

/** What the focused element is, and whether it draws a visible focus indicator. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: '', role: '', ring: false };
    // A field's ring is drawn on its wrapper (antd's input with prefix, select, date picker).
    const ringed = element.closest<HTMLElement>('.ant-input-affix-wrapper, .ant-select, .ant-picker') ?? element;
    const style = getComputedStyle(ringed);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const label = (element as HTMLInputElement).labels?.[0]?.textContent;
    const name = element.getAttribute('aria-label') ?? label ?? element.textContent?.trim() ?? '';
    return { name, role: element.getAttribute('role') ?? element.tagName.toLowerCase(), ring: outline || shadow };
  });
}

/**
 * Presses Tab until the focused element's name matches (or its role, for `{ role }`), at most
 * `max` times, and checks its focus ring.
 */
async function tabTo(page: Page, name: RegExp | { role: string }, max = 80) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    seen.push(`${now.role}:${now.name}`);
    if (name instanceof RegExp ? name.test(now.name) : now.role === name.role) {
      expect(now.ring, `focus ring on "${now.name}"`).toBe(true);
      return now;
    }
  }
  throw new Error(`Tab never reached ${String(name)}; it went through ${seen.join(' | ')}`);
}

describe('keyboard only: sign-in, a list, a dialog, a switch, the user menu', () => {
  const env = journeyEnvironment('keyboard');
  let page: Page;
  let groupPath = '';

  beforeAll(async () => {
    const orgName = (i: number) => `Keyboard Org ${String(i).padStart(2, '0')}`;
    const { token, organizationId } = await env.providerOrganization(orgName(1));
    await Promise.all(
      Array.from({ length: ORGANIZATIONS - 1 }, (_, i) =>
        env.call('POST', '/organizations', { name: orgName(i + 2) }, token),
      ),
    );
    const group = await env.call<{ data: { id: string } }>(
      'POST',
      '/user-groups',
      { organizationId, name: 'Keyboard Group' },
      token,
    );
    groupPath = `/organizations/${organizationId}/user-groups/${group.data.id}`;
    page = await env.newPage({ viewport: { width: 1280, height: 800 } });
  }, SLOW);

  it(`signs in with Tab, typing and Enter ${req('UI-009', 'AUTH-001')}`, async () => {
    await page.goto('/login');
    await tabTo(page, /e-?mail/i);
    await page.keyboard.type(SUPERADMIN.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(SUPERADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/organizations');
    await page.getByRole('heading', { name: 'Organizations', exact: true }).waitFor();
  });

  it('searches, sorts and pages the organizations list', { timeout: SLOW }, async () => {
    await tabTo(page, /^search$/i);
    await page.keyboard.type('Keyboard Org');
    await page.waitForResponse((r) => r.url().includes('/api/v1/organizations?') && r.url().includes('search='));
    await page.getByText('Keyboard Org 01').waitFor();

    const nameHeader = page.locator('th', { has: page.getByRole('button', { name: 'Organizations', exact: true }) });
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await tabTo(page, /^organizations$/i);
    await page.keyboard.press('Enter');
    await page.getByText('Keyboard Org 27').waitFor();
    expect(await nameHeader.getAttribute('aria-sort')).toBe('descending');

    await tabTo(page, /^next page$/i, 250);
    await page.keyboard.press('Enter');
    await page.getByText('Keyboard Org 02').waitFor();
    await screenshot(page, 'keyboard-01-list-page-2');
  });

  it('opens a row option dialog, closes it with Escape, and gets focus back on the option', async () => {
    await page.keyboard.press('Shift+Tab');
    const option = await tabTo(page, /^edit the name of keyboard org 02$/i);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await screenshot(page, 'keyboard-02-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await focused(page)).name).toBe(option.name);
  });

  it('flips a permission switch with the space bar', { timeout: SLOW }, async () => {
    await page.goto(groupPath);
    await page.getByRole('tab', { name: 'List of Users' }).waitFor();
    await tabTo(page, /list of users$/i);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const firstSwitch = page.getByRole('switch').first();
    await firstSwitch.waitFor();
    const before = await firstSwitch.getAttribute('aria-checked');
    await tabTo(page, { role: 'switch' });
    await page.keyboard.press('Space');
    await page.waitForFunction(
      (was) => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') !== was,
      before,
    );
    expect((await focused(page)).ring).toBe(true);
    await screenshot(page, 'keyboard-03-switch');
  });

  it('signs out through the user menu with Enter and the arrow keys', async () => {
    await page.getByRole('button', { name: 'Super Admin' }).focus();
    expect((await focused(page)).ring).toBe(true);
    await page.keyboard.press('Enter');
    const signOut = page.getByRole('menuitem', { name: /sign out|log ?out/i });
    await signOut.waitFor();
    // The menu takes the focus when it opens; the arrows walk its entries. The menu moves the focus
    // on the next frame: each arrow waits for it, or a check made too early sends one arrow too many.
    await page.waitForFunction(() => document.activeElement?.closest('.ant-dropdown'));
    for (
      let i = 0;
      i < 6 && !(await signOut.evaluate((e) => e === document.activeElement || e.contains(document.activeElement)));
      i++
    ) {
      const before = await page.evaluateHandle(() => document.activeElement);
      await page.keyboard.press('ArrowDown');
      await page.waitForFunction((element) => document.activeElement !== element, before);
    }
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
  });
});
