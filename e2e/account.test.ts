import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { motionDone, screenshot } from './support/browser.js';
import { journeyEnvironment } from './support/journey.js';
import { req } from '../docs/requirements/req.js';

const ADMIN = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@e2e.qualis.test' };
const NEW_EMAIL = 'grace.hopper@e2e.qualis.test';
const FIRST_PASSWORD = 'Welcome2024';
const SECOND_PASSWORD = 'Reset2024ab';

describe('account journey: welcome link, forgotten password, new e-mail, avatar', () => {
  const env = journeyEnvironment('account');
  const { call } = env;

  /** The link to `page` (set-password, reset-password, confirm-email) in the next mail to `to`. */
  async function linkFromMail(to: string, page: string): Promise<string> {
    const mail = await env.sink.waitForMail({ to, timeoutMs: 20_000 });
    const link = new RegExp(`https?://[^\\s"'<>]+/${page}\\?[^\\s"'<>]+`).exec(mail.text)?.[0];
    if (!link) throw new Error(`no ${page} link in the mail "${mail.subject}":\n${mail.text}`);
    return link.replace(/&amp;/g, '&');
  }

  async function signIn(page: Page, email: string, password: string) {
    await page.goto('/login');
    await page.getByLabel(/e-?mail/i).fill(email);
    await page.getByLabel(/^password/i).fill(password);
    await page.getByRole('button', { name: /sign in/i }).click();
  }

  async function chooseNewPassword(page: Page, password: string, button: RegExp) {
    // 'New password' on the reset page, 'Password' on the set-password page (spec 01).
    await page.getByLabel(/^(New password|Password)$/).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: button }).click();
  }

  it(`follows an Admin from the welcome e-mail to a confirmed new address and a cropped avatar ${req('AUTH-024', 'AUTH-025')}`, async () => {
    // The SuperAdmin onboards an Admin through the API; activation sends the welcome mail.
    const { token, organizationId } = await env.providerOrganization('Acme Medical');
    const admin = await call<{ data: { id: string } }>('POST', '/client-admins', { organizationId, ...ADMIN }, token);
    await call('PATCH', `/client-admins/${admin.data.id}/status`, { ids: [organizationId], status: 'Active' }, token);

    // 1. The welcome link: a weak password is refused in the form, a good one is set.
    let page = await env.newPage();
    await page.goto(await linkFromMail(ADMIN.email, 'set-password'));
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByText('Your password must be more than 8 symbols').waitFor();
    expect(await page.getByRole('button', { name: 'Set password' }).isDisabled()).toBe(true);
    await screenshot(page, 'account-01-set-password-policy');
    await chooseNewPassword(page, FIRST_PASSWORD, /^set password$/i);
    await page.waitForURL('**/login');
    await page.getByText('Your password has been set up successfully').waitFor();
    await screenshot(page, 'account-02-password-set');

    // 2. Signing in lands on the dashboard of the only organization.
    await signIn(page, ADMIN.email, FIRST_PASSWORD);
    await page.waitForURL(`**/organizations/${organizationId}/dashboard`);
    await screenshot(page, 'account-03-dashboard');
    await page.context().close();

    // 3. Forgot password: the e-mailed link sets a new one, which then signs in.
    page = await env.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: /forgot password/i }).click();
    await page.waitForURL('**/forgot-password');
    const send = page.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await send.click();
    await page.getByText('If you have an account with the email provided, we will send you a reset link').waitFor();
    await screenshot(page, 'account-04-forgot-password-sent');
    await page.goto(await linkFromMail(ADMIN.email, 'reset-password'));
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await page.getByLabel('New password').fill(SECOND_PASSWORD);
    await page.getByLabel('Confirm Password').fill(`${SECOND_PASSWORD}x`);
    await page.getByText("Password doesn't match").waitFor();
    await screenshot(page, 'account-05-reset-mismatch');
    await page.getByLabel('Confirm Password').fill(SECOND_PASSWORD);
    await page.getByRole('button', { name: /^reset password$/i }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your password has been updated successfully!').waitFor();
    await signIn(page, ADMIN.email, SECOND_PASSWORD);
    await page.waitForURL(`**/organizations/${organizationId}/dashboard`);

    // 4. A new e-mail: requested in the profile, confirmed from the new mailbox with the password.
    await page.goto('/profile/edit');
    await page.getByRole('tab', { name: 'Change E-mail' }).click();
    await page.getByLabel('New e-mail').fill(NEW_EMAIL);
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    await page.getByText('The new email with the confirmation link is sent to your new mailbox').first().waitFor();
    await screenshot(page, 'account-06-email-change-requested');
    await page.goto('/profile');
    await page.getByText('Email not confirmed!').waitFor();
    await screenshot(page, 'account-07-profile-email-pending');

    await page.goto(await linkFromMail(NEW_EMAIL, 'confirm-email'));
    await page.getByRole('heading', { name: 'Email Confirmation' }).waitFor();
    await page.getByLabel('Password').fill(SECOND_PASSWORD);
    await screenshot(page, 'account-08-confirm-email');
    await page.getByRole('button', { name: 'Enter' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your new email is confirmed successfully, please, use it for Login').waitFor();
    await signIn(page, NEW_EMAIL, SECOND_PASSWORD);
    await page.waitForURL(`**/organizations/${organizationId}/dashboard`);

    // 5. Help (the Admin's tabs) and the notifications bell of the organization.
    await page.goto(`/organizations/${organizationId}/help`);
    await page.getByRole('tab', { name: 'Notes about the Admin' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Notes about the Super Admin' }).count()).toBe(0);
    await screenshot(page, 'account-11-help');
    await page.getByRole('button', { name: /Notifications, 0 unread/ }).click();
    await page.getByText('There are no notifications').first().waitFor();
    await screenshot(page, 'account-12-bell');
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.waitForURL(`**/organizations/${organizationId}/notifications`);
    await screenshot(page, 'account-13-notifications');

    // 6. The avatar: choose a picture, crop it square, and see it on the profile.
    await page.goto('/profile/edit');
    await page.getByRole('tab', { name: 'Change personal info' }).waitFor();
    const picture = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 400, height: 300 } });
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    await page.getByRole('dialog').getByRole('button', { name: 'Crop & save' }).waitFor();
    // The live preview shows the crop as it will be saved, drawn from the chosen picture.
    const preview = page.locator('.qualis-crop-preview img');
    await preview.waitFor();
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('.qualis-crop-preview img');
      return Boolean(image?.complete && image.naturalWidth > 0);
    });
    await motionDone(page); // the dialog's opening animation
    await screenshot(page, 'account-09-crop-avatar');
    await page.getByRole('dialog').getByRole('button', { name: 'Crop & save' }).click();
    await page.getByText('Your picture is updated').waitFor();
    await page.goto('/profile');
    const avatar = page.locator('.qualis-profile img');
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(/\/images\//);
    await screenshot(page, 'account-10-profile-avatar');
    await page.context().close();
  }, 90_000);
});
