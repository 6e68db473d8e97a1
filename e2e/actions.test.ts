import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Permission } from '@qualis/contract';
import { screenshot } from './support/browser.js';
import { RESULTS_DIR } from './support/server.js';
import { journeyEnvironment, exported, listsClosed, mainMenu, pick, toast } from './support/journey.js';
import { pdfPages, unzipped } from '../apps/server/src/test/exported-files.js';
import { req } from '../docs/requirements/req.js';

const ADMIN = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@actions.e2e.qualis.test' };
const USER = { firstName: 'Linus', lastName: 'Pauling', email: 'linus@actions.e2e.qualis.test' };
const ACTION = 'Calibrate the scale';
const TAG = 'Audit';

describe('actions journey: an Admin assigns an action, the User sees it in the bell at once and completes it', () => {
  const env = journeyEnvironment('actions');
  const { call, onboard, signedIn } = env;

  it(`creates, lists, opens and completes an action; the bell shows it without a reload; PDF exports ${req('ACT-002', 'NOTIF-001', 'EXP-001')}`, async () => {
    // Set-up through the API: the organization, its Admin and User, a tag, and a group that lets
    // the User see the actions related to them.
    const { token, organizationId } = await env.providerOrganization('Acme Medical');
    const [, userId] = await Promise.all([
      onboard('client-admins', ADMIN, organizationId, token),
      onboard('client-users', USER, organizationId, token),
    ]);
    await call('POST', `/organizations/${organizationId}/tags`, { name: TAG }, token);
    await env.group(organizationId, token, {
      name: 'Staff',
      permissions: [Permission.ViewRelatedActions],
      userIds: [userId],
    });
    const base = `/organizations/${organizationId}`;

    // 1. The User is signed in already, on the dashboard, with nothing in the bell.
    const user = await signedIn(USER);
    await user.waitForURL(`**${base}/dashboard`);
    const bell = user.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, 0 unread');

    // The Admin opens Actions from the menu: the empty list.
    const admin = await signedIn(ADMIN);
    await admin.waitForURL(`**${base}/dashboard`);
    await mainMenu(admin).getByRole('link', { name: 'Actions' }).click();
    await admin.waitForURL(`**${base}/tasks`);
    await admin.getByText('There are no Actions to display').waitFor();
    await screenshot(admin, 'actions-01-empty-list');

    // 2. ... and creates an action for the User with a tag and a link.
    await admin.getByRole('button', { name: 'Add New' }).click();
    await admin.waitForURL(`**${base}/tasks/create`);
    const save = admin.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await admin.getByText(`${ADMIN.firstName} ${ADMIN.lastName} (${ADMIN.email})`).waitFor();
    await admin.getByLabel('Name', { exact: true }).fill(ACTION);
    await admin.getByLabel('Description', { exact: true }).fill('Before the audit, with the reference weights.');
    await admin.getByLabel('Assignee').click();
    await admin.getByLabel('Assignee').fill('Linus');
    await pick(admin, `${USER.firstName} ${USER.lastName} (${USER.email})`);
    await admin.getByLabel('Link', { exact: true }).fill('ftp://example.com/sop');
    await admin.getByText('A link must start with http:// or https://').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await admin.getByLabel('Link', { exact: true }).fill('https://example.com/sop-12');
    await admin.getByLabel('Link description', { exact: true }).fill('SOP 12');
    await admin.getByLabel('Tags').click();
    await pick(admin, TAG);
    await admin.keyboard.press('Escape');
    await listsClosed(admin);
    await screenshot(admin, 'actions-02-create-form');
    await save.click();
    await toast(admin, 'Your action is created');
    await admin.waitForURL(`**${base}/tasks`);
    const row = admin.getByRole('row').filter({ hasText: ACTION });
    await row.getByText(`${USER.firstName} ${USER.lastName}`).waitFor();
    await row.getByText('To do').waitFor();
    await screenshot(admin, 'actions-03-list');

    // 3. The User's bell shows it without a reload, and the e-mail arrives with its link.
    await user.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 15_000 });
    const mail = await env.sink.waitForMail({ to: USER.email, timeoutMs: 20_000 });
    expect(mail.subject).toMatch(/action #1 is assigned to you/);
    expect(mail.text).toMatch(new RegExp(`${base}/tasks/[0-9a-f-]{36}`));
    // The dashboard's 'Actions to do' card follows the same stream.
    await user.locator('.qualis-dashboard__entries').getByRole('link', { name: ACTION }).waitFor();
    await screenshot(user, 'actions-04-user-dashboard');
    await bell.click();
    const entry = user.getByRole('dialog', { name: 'Notifications' }).getByText(ACTION);
    await entry.waitFor();
    await screenshot(user, 'actions-04-user-bell-open');

    // ... opens the action from the bell and completes it.
    await entry.click();
    await user.waitForURL(new RegExp(`${base}/tasks/[0-9a-f-]{36}$`));
    await user.getByRole('heading', { name: ACTION }).waitFor();
    // Opening the action read its notification: the bell no longer counts it.
    await user.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor({ timeout: 15_000 });
    await user.getByText(TAG, { exact: true }).waitFor();
    expect(await user.getByRole('link', { name: 'SOP 12' }).getAttribute('href')).toBe('https://example.com/sop-12');
    await screenshot(user, 'actions-05-user-detail');
    await user.getByRole('button', { name: /Change status/ }).click();
    expect(await user.getByLabel('Name').count()).toBe(0);
    await user.getByLabel('Status').click();
    await pick(user, 'Complete');
    await listsClosed(user);
    await screenshot(user, 'actions-06-user-status-form');
    await user.getByRole('button', { name: 'Save' }).click();
    await toast(user, 'The action is updated successfully');
    await user.locator('.ant-descriptions .ant-tag').getByText('Complete').waitFor();
    await screenshot(user, 'actions-07-user-completed');

    // 4. The Admin's list shows it complete.
    await admin.reload();
    await admin.getByRole('row').filter({ hasText: ACTION }).getByText('Complete').waitFor();
    await screenshot(admin, 'actions-08-admin-sees-complete');
    await mainMenu(user).getByRole('link', { name: 'Actions' }).click();
    await user.getByRole('row').filter({ hasText: ACTION }).getByText('Complete').waitFor();
    expect(await user.getByRole('button', { name: 'Add New' }).count()).toBe(0);

    // 5. The Admin exports the list as a Single PDF and as a PDF archive, and reads them.
    const single = await exported(admin, 'Single PDF');
    expect(single.name).toMatch(/^Tasks_version_grace@actions\.e2e\.qualis\.test_.+\.pdf$/);
    const [page] = await pdfPages(single.bytes);
    expect(page).toContain(ACTION);
    expect(page).toContain('Acme Medical');
    expect(page).toContain(`${USER.firstName} ${USER.lastName}`);
    const archive = await exported(admin, 'PDF archive');
    expect(archive.name).toMatch(/\.zip$/);
    const entries = await unzipped(archive.bytes);
    expect(entries.map((e) => e.name)).toEqual([`1 ${ACTION}.pdf`]);
    expect((await pdfPages(entries[0]!.bytes)).join('\n')).toContain('Complete');
    fs.writeFileSync(path.join(RESULTS_DIR, 'actions-export.pdf'), single.bytes);
  });
});
