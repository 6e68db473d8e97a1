import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { motionDone, screenshot } from './support/browser.js';
import { SUPERADMIN } from './support/server.js';
import { journeyEnvironment, toast } from './support/journey.js';
import { req } from '../docs/requirements/req.js';

const ADMIN = {
  firstName: 'Olivia',
  lastName: 'Admin',
  email: 'olivia.admin@e2e.qualis.test',
  password: 'AdminPass123',
};
const USER = { firstName: 'Uma', lastName: 'User', email: 'uma.user@e2e.qualis.test', password: 'UserPass1234' };

describe('people journey: the SuperAdmin onboards an Admin, the Admin onboards a User', () => {
  const env = journeyEnvironment('people');
  let organizationId = '';

  // The organization comes from the API, as the SuperAdmin.
  beforeAll(async () => {
    ({ organizationId } = await env.providerOrganization('Acme Medical'));
  });

  async function signIn(page: Page, email: string, password: string) {
    await page.goto('/login');
    await page.getByLabel(/e-?mail/i).fill(email);
    await page.getByLabel(/^password/i).fill(password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
  }

  async function createPerson(page: Page, kind: 'Admin' | 'User', person: typeof ADMIN) {
    await page.getByRole('button', { name: `Create ${kind}` }).click();
    const dialog = page.getByRole('dialog', { name: `Create ${kind}` });
    await dialog.getByLabel('First Name').fill(person.firstName);
    await dialog.getByLabel('Last Name').fill(person.lastName);
    await dialog.getByLabel('Email').fill(person.email);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, `${kind} has been successfully created`);
    await page.getByRole('row').filter({ hasText: person.email }).waitFor();
  }

  async function rowOption(page: Page, name: string, option: string) {
    await page.getByRole('button', { name: `${option}: ${name}` }).click();
  }

  /** Opens the welcome mail's set-password link and sets the password; ends on /login. */
  async function setPasswordFromMail(email: string, password: string, shot: string) {
    const mail = await env.sink.waitForMail({ to: email, subject: 'Welcome to Qualis', timeoutMs: 30_000 });
    const link = /https?:\/\/\S+\/set-password\?\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    const page = await env.newPage();
    await page.goto(link!);
    // The set-password page labels its fields 'Password' and 'Confirm Password' (spec 01).
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await screenshot(page, shot);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL('**/login');
    return page;
  }

  it(`creates, activates, onboards, edits, sends an access code and exports ${req('PEOPLE-004', 'SIG-001', 'SIG-003')}`, async () => {
    // The SuperAdmin creates an Admin of the organization and sets them active.
    const superAdmin = await env.signedIn(SUPERADMIN);
    await superAdmin.goto(`/organizations/${organizationId}/admins`);
    await superAdmin.getByRole('heading', { name: 'Acme Medical admins' }).waitFor();
    await superAdmin.getByText('There are no Admins to display').waitFor();
    await screenshot(superAdmin, 'people-01-admins-empty');

    await createPerson(superAdmin, 'Admin', ADMIN);
    await screenshot(superAdmin, 'people-02-admin-created');
    await rowOption(superAdmin, `${ADMIN.firstName} ${ADMIN.lastName}`, 'Set Active');
    await toast(superAdmin, 'Status has been successfully changed');
    await superAdmin.getByRole('row').filter({ hasText: ADMIN.email }).getByText('Active', { exact: true }).waitFor();
    await screenshot(superAdmin, 'people-03-admin-active');

    // The Admin sets a password from the welcome mail and signs in.
    const adminLink = await setPasswordFromMail(ADMIN.email, ADMIN.password, 'people-04-admin-set-password');
    const admin = adminLink;
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL(`**/organizations/${organizationId}/dashboard`);

    // An Admin never sees the Admins page.
    await admin.goto(`/organizations/${organizationId}/admins`);
    await admin.getByText('Access denied. Please, contact your support team.').waitFor();
    await screenshot(admin, 'people-05-admin-refused-admins');

    // The Admin creates a User and sets them active.
    await admin.goto(`/organizations/${organizationId}/users`);
    await admin.getByRole('heading', { name: 'Acme Medical users' }).waitFor();
    await createPerson(admin, 'User', USER);
    await rowOption(admin, `${USER.firstName} ${USER.lastName}`, 'Set Active');
    await toast(admin, 'Status has been successfully changed');
    await screenshot(admin, 'people-06-user-active');

    // The User sets a password, signs in, and meets the blocking screen (no group gives access yet).
    const user = await setPasswordFromMail(USER.email, USER.password, 'people-07-user-set-password');
    await signIn(user, USER.email, USER.password);
    await user.waitForURL(`**/organizations/${organizationId}/dashboard`);
    await user.getByText(/You currently have no access permissions/).waitFor();
    await screenshot(user, 'people-08-user-blocked');

    // The Admin edits the User's name.
    await admin.reload();
    await admin.getByRole('row').filter({ hasText: USER.email }).getByText('Yes', { exact: true }).waitFor();
    await rowOption(admin, `${USER.firstName} ${USER.lastName}`, 'Edit');
    const edit = admin.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('First Name').fill('Umberta');
    // The e-mail is confirmed (the password link proved it): it may be edited too.
    expect(await edit.getByLabel('Email').isEnabled()).toBe(true);
    await motionDone(admin); // the dialog's opening animation
    await screenshot(admin, 'people-09-edit-user');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'User has been successfully edited');
    await admin.getByRole('link', { name: 'Umberta' }).waitFor();

    // ... sends the User an access code ...
    await rowOption(admin, `Umberta ${USER.lastName}`, 'Generate access code');
    // It asks first: the new code replaces the previous one.
    const confirm = admin.getByRole('dialog', { name: 'Generate access code' });
    await confirm
      .getByText('The new code replaces the previous one: the previous code stops working at once.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Generate' }).click();
    await toast(admin, `The access code has been sent to ${USER.email}`);
    const codeMail = await env.sink.waitForMail({
      to: USER.email,
      subject: 'Qualis: your access code',
      timeoutMs: 30_000,
    });
    expect(codeMail.text).toMatch(/^\s*\d{6}\s*$/m);
    await screenshot(admin, 'people-10-access-code');

    // ... opens the User's read-only access page ...
    await admin.getByRole('link', { name: 'Umberta' }).click();
    await admin.getByRole('heading', { name: 'Access Permissions' }).waitFor();
    await admin.getByText(USER.email, { exact: true }).waitFor();
    await admin.getByRole('tab', { name: 'Permissions for Documents' }).click();
    await admin.getByRole('switch', { name: 'View all documents' }).waitFor();
    expect(await admin.getByRole('switch', { name: 'View all documents' }).isDisabled()).toBe(true);
    await screenshot(admin, 'people-11-access-permissions');
    await admin.getByRole('link', { name: /Back/ }).click();
    await admin.waitForURL(`**/organizations/${organizationId}/users`);

    // ... and exports the list as CSV.
    await admin.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('menuitem', { name: 'CSV file' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Users_.*\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('First Name');
    expect(csv).toContain('Umberta');
    expect(csv).toContain(USER.email);
    await screenshot(admin, 'people-12-exported');
  });
});
