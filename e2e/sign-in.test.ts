import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { SUPERADMIN } from './support/server.js';
import { journeyEnvironment } from './support/journey.js';
import { req } from '../docs/requirements/req.js';

const WRONG_CREDENTIALS = 'The e-mail or password is incorrect.';
const LOCKED = 'Too many failed sign-in attempts. Please, wait 15 minutes and try again.';

describe('sign-in journey (fresh server, fresh database, SMTP sink)', () => {
  const env = journeyEnvironment('sign-in');
  let page: Page;

  beforeEach(async () => {
    // A new context per step: no session or storage carried over from the previous one.
    page = await env.newPage({ viewport: { width: 1280, height: 800 } });
  });

  afterEach(async () => {
    await page.context().close();
  });

  /** Fills the form and submits it; resolves with the HTTP status of the sign-in request. */
  async function fillSignIn(email: string, password: string): Promise<number> {
    await page.getByLabel(/e-?mail/i).fill(email);
    await page.getByLabel(/^password/i).fill(password);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/v1/sessions') && r.request().method() === 'POST'),
      page.getByRole('button', { name: /sign in/i }).click(),
    ]);
    return response.status();
  }

  const errorAlert = () => page.getByRole('alert').filter({ hasText: /\S/ });

  it(`signs the SuperAdmin in to the organizations list and out again ${req('AUTH-001', 'AUTH-004')}`, async () => {
    await page.goto('/login');
    await screenshot(page, 'sign-in-01-login');

    expect(await fillSignIn(SUPERADMIN.email, SUPERADMIN.password)).toBe(201);
    await page.waitForURL('**/organizations');
    await page.getByRole('heading', { name: 'Organizations', exact: true }).waitFor();
    await screenshot(page, 'sign-in-02-organizations');

    await page.getByRole('button', { name: 'Super Admin' }).click();
    await page.getByRole('menuitem', { name: /sign out|log ?out/i }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: /sign in/i }).waitFor();
    await screenshot(page, 'sign-in-03-signed-out');

    // The session is gone: the protected page sends the person back to sign in.
    await page.goto('/organizations');
    await page.waitForURL('**/login');
  });

  it(`shows a red alert for a wrong password and stays on /login ${req('AUTH-001')}`, async () => {
    await page.goto('/login');
    expect(await fillSignIn(SUPERADMIN.email, 'not-the-password')).toBe(401);
    const alert = errorAlert();
    await alert.waitFor();
    expect(await alert.textContent()).toContain(WRONG_CREDENTIALS);
    expect(await alert.getAttribute('class')).toMatch(/ant-alert-error/);
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'sign-in-04-wrong-password');
  });

  it(`sends a visitor of a protected page to /login and back there after sign-in ${req('AUTH-006')}`, async () => {
    await page.goto('/profile');
    await page.waitForURL('**/login');
    await screenshot(page, 'sign-in-05-profile-redirected');

    expect(await fillSignIn(SUPERADMIN.email, SUPERADMIN.password)).toBe(201);
    await page.waitForURL('**/profile');
    await page.getByText(SUPERADMIN.email).first().waitFor();
    await screenshot(page, 'sign-in-06-profile');
  });

  // Last: it locks the only account for 15 minutes.
  it(`pauses sign-in after five wrong passwords and e-mails the owner ${req('AUTH-008')}`, async () => {
    await page.goto('/login');
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await fillSignIn(SUPERADMIN.email, `wrong-${attempt}`)).toBe(401);
      await errorAlert().waitFor();
      expect(await errorAlert().textContent()).toContain(WRONG_CREDENTIALS);
    }

    // Even the right password is refused now.
    expect(await fillSignIn(SUPERADMIN.email, SUPERADMIN.password)).toBe(429);
    await errorAlert().filter({ hasText: LOCKED }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'sign-in-07-locked');

    const mail = await env.sink.waitForMail({
      to: SUPERADMIN.email,
      subject: 'Qualis: sign-in to your account paused',
      timeoutMs: 20_000,
    });
    expect(mail.text).toContain(`5 failed sign-in attempts for ${SUPERADMIN.email}`);
    expect(mail.text).toContain('paused for 15 minutes');
    expect(mail.text).toContain(`${env.server.url}/forgot-password`);
  });
});
