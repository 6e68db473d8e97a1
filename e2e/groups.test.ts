import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { motionDone, screenshot } from './support/browser.js';
import { RESULTS_DIR } from './support/server.js';
import { journeyEnvironment, mainMenu, toast } from './support/journey.js';
import { req } from '../docs/requirements/req.js';

const ADMIN = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@groups.e2e.qualis.test' };
const USER = { firstName: 'Linus', lastName: 'Pauling', email: 'linus@groups.e2e.qualis.test' };
const AUDITOR = { firstName: 'Ada', lastName: 'Auditor', email: 'ada@groups.e2e.qualis.test' };
const GROUP = 'Quality Team';
const NO_ACCESS =
  'You currently have no access permissions allowed within the current Organization. Please, contact your administrator or support team for more information and help';

/** A small opaque PNG (red, 320 x 180), built without an image library. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4, Buffer.from([200, 40, 60, 255]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('groups journey: a group grants a User documents, losing it blocks them; settings', () => {
  const env = journeyEnvironment('groups');
  const { onboard, signedIn } = env;

  it(`follows an Admin granting and withdrawing documents, and a User gaining and losing them ${req('PERM-001', 'PERM-002', 'PERM-009')}`, async () => {
    const { token, organizationId } = await env.providerOrganization('Acme Medical');
    const [, userId] = await Promise.all([
      onboard('client-admins', ADMIN, organizationId, token),
      onboard('client-users', USER, organizationId, token),
    ]);
    const base = `/organizations/${organizationId}`;

    // 1. The User without any group meets the blocking screen.
    const user = await signedIn(USER);
    await user.waitForURL(`**${base}/dashboard`);
    await user.getByText(NO_ACCESS).waitFor();
    expect(await mainMenu(user).getByRole('link', { name: 'Documents' }).count()).toBe(0);
    await screenshot(user, 'groups-01-user-blocked');

    // 2. The Admin creates a group.
    const admin = await signedIn(ADMIN);
    await admin.waitForURL(`**${base}/dashboard`);
    await mainMenu(admin).getByRole('link', { name: 'User Groups' }).click();
    await admin.waitForURL(`**${base}/user-groups`);
    await admin.getByText('There are no User Groups to display').waitFor();
    await screenshot(admin, 'groups-02-empty-list');
    await admin.getByRole('button', { name: 'Create' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create User Group' });
    const createButton = dialog.getByRole('button', { name: 'Create' });
    expect(await createButton.isDisabled()).toBe(true);
    await dialog.getByLabel('Name').fill('   ');
    await dialog.getByText('This field is required').waitFor();
    expect(await createButton.isDisabled()).toBe(true);
    await dialog.getByLabel('Name').fill(GROUP);
    await createButton.click();
    await toast(admin, 'User Group has been successfully created');
    await admin.getByRole('link', { name: GROUP }).waitFor();
    await screenshot(admin, 'groups-03-group-created');

    // 3. In the group: 'View all documents' comes on with its five sections (the section waits for
    // its parent), and one of them goes off on its own.
    await admin.getByRole('link', { name: GROUP }).click();
    await admin.waitForURL(`**${base}/user-groups/*`);
    await admin.getByRole('heading', { name: GROUP }).waitFor();
    await admin.getByRole('tab', { name: 'User Group Settings' }).click();
    const viewAll = admin.getByRole('switch', { name: 'View all documents' });
    const general = admin.getByRole('switch', { name: 'General section' }).first();
    expect(await general.isDisabled()).toBe(true);
    await viewAll.click();
    await expect.poll(() => viewAll.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => general.isDisabled()).toBe(false);
    await expect.poll(() => general.getAttribute('aria-checked')).toBe('true');
    const approval = admin.getByRole('switch', { name: 'Approval section' }).first();
    expect(await approval.getAttribute('aria-checked')).toBe('true');
    // The switches show the toggle at once and stay busy until the server answers; a click while
    // busy is not taken (PermissionList), so the Admin waits for the first answer.
    await admin.locator('.qualis-permissions [aria-busy]').first().waitFor({ state: 'detached' });
    await approval.click();
    await expect.poll(() => approval.getAttribute('aria-checked')).toBe('false');
    expect(await general.getAttribute('aria-checked')).toBe('true');
    await screenshot(admin, 'groups-04-permissions-on');

    // 4. The Admin adds the User to the group.
    await admin.getByRole('tab', { name: 'List of Users' }).click();
    await admin.getByRole('button', { name: 'Add User(s)' }).click();
    const addDialog = admin.getByRole('dialog', { name: 'Add User(s) to the group' });
    expect(await addDialog.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    await addDialog.getByLabel('Choose users').click();
    await admin.locator('.ant-select-item-option', { hasText: USER.email }).click();
    await screenshot(admin, 'groups-05-add-user');
    await addDialog.locator('.ant-modal-title').click(); // closes the option list over the buttons
    await addDialog.getByRole('button', { name: 'Add' }).click();
    await toast(admin, 'User(s) have been successfully added');
    await admin.getByRole('link', { name: USER.lastName }).waitFor();
    await screenshot(admin, 'groups-06-user-added');

    // 5. The User reloads: no blocking screen any more, the Documents entry in the menu, and their
    // read-only access page.
    await user.reload();
    await user.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await user.getByText(NO_ACCESS).count()).toBe(0);
    await screenshot(user, 'groups-07-user-documents-menu');
    await user.getByRole('link', { name: 'Access Permissions' }).click();
    await user.waitForURL(`**${base}/users/${userId}`);
    await user.getByRole('tab', { name: 'Permissions for Documents' }).click();
    const readOnly = user.getByRole('switch', { name: 'View all documents' });
    await expect.poll(() => readOnly.getAttribute('aria-checked')).toBe('true');
    expect(await readOnly.isDisabled()).toBe(true);
    await screenshot(user, 'groups-08-user-access-page');

    // 6. The Admin switches the view permission off; its section goes with it.
    await admin.getByRole('tab', { name: 'User Group Settings' }).click();
    await viewAll.click();
    await expect.poll(() => viewAll.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => general.getAttribute('aria-checked')).toBe('false');
    expect(await general.isDisabled()).toBe(true);
    await screenshot(admin, 'groups-09-permissions-off');

    // 7. The User reloads the dashboard: no Documents, the blocking screen.
    await user.goto(`${base}/dashboard`);
    await user.getByText(NO_ACCESS).waitFor();
    expect(await mainMenu(user).getByRole('link', { name: 'Documents' }).count()).toBe(0);
    await screenshot(user, 'groups-10-user-blocked-again');
    await user.context().close();

    // 8. Settings: a document type, a tag, and a logo.
    await mainMenu(admin).getByRole('link', { name: 'Settings' }).click();
    await admin.waitForURL(`**${base}/setting`);
    await admin.getByRole('heading', { name: '"Acme Medical" Settings' }).waitFor();
    await screenshot(admin, 'groups-11-settings');

    const typesCard = admin.locator('.ant-card', { hasText: 'Document Types' });
    await typesCard.getByRole('button', { name: 'Create' }).click();
    const typeDialog = admin.getByRole('dialog', { name: 'Create Document Type' });
    // The dialog's form is reset as it opens: typing waits until it stands still.
    await typeDialog.waitFor();
    await motionDone(admin);
    await typeDialog.getByLabel('Name').fill('Standard Operating Procedure');
    await typeDialog.getByRole('button', { name: 'Create' }).click();
    await toast(admin, 'Document type has been successfully created');
    await typesCard.getByText('Standard Operating Procedure').waitFor();

    const tagsCard = admin.locator('.ant-card', { hasText: 'Tags' }).last();
    await tagsCard.getByRole('button', { name: 'Create' }).click();
    const tagDialog = admin.getByRole('dialog', { name: 'Create Tag' });
    await tagDialog.waitFor();
    await motionDone(admin);
    await tagDialog.getByLabel('Name').fill('ISO 13485');
    await tagDialog.getByRole('button', { name: 'Create' }).click();
    await toast(admin, 'The tag has been successfully created');
    await tagsCard.getByText('ISO 13485').waitFor();
    await screenshot(admin, 'groups-12-type-and-tag');

    const logo = path.join(RESULTS_DIR, 'groups-logo.png');
    fs.writeFileSync(logo, png(320, 180));
    await admin.locator('input[type=file]').setInputFiles(logo);
    const crop = admin.getByRole('dialog', { name: 'Crop Image' });
    await crop.waitFor();
    await screenshot(admin, 'groups-13-crop');
    await crop.getByRole('button', { name: 'Crop & save' }).click();
    await crop.waitFor({ state: 'hidden' });
    await admin.getByRole('button', { name: 'Change' }).waitFor();
    await admin
      .getByTestId('logo-file')
      .getByText(/groups-logo\.png \(\d+(\.\d+)? (Bytes|KB)\)/)
      .waitFor();
    await admin.locator('.qualis-topbar__organization img').waitFor();
    await screenshot(admin, 'groups-14-logo');
  }, 120_000);

  // The audit trail (issue 23), on an organization of its own so it does not lengthen the journey
  // above: the chain's verification line, then 'Mark reviewed' of the whole trail.
  it(`shows an Admin the organization's audit trail, verified, and records their review ${req('AUD-004', 'AUD-005')}`, async () => {
    const { token, organizationId } = await env.providerOrganization('Audit Medical');
    await onboard('client-admins', AUDITOR, organizationId, token);
    const base = `/organizations/${organizationId}`;
    const admin = await signedIn(AUDITOR);
    await admin.waitForURL(`**${base}/dashboard`);
    await mainMenu(admin).getByRole('link', { name: 'Audit trail' }).click();
    await admin.waitForURL(`**${base}/audit-trail`);
    await admin.getByText(/^[\d,]+ events, chain intact/).waitFor();
    await admin.getByRole('row', { name: /organization\s+create/ }).waitFor();
    await admin.getByRole('button', { name: 'Mark reviewed' }).click();
    const review = admin.getByRole('dialog', { name: 'Mark the audit trail reviewed' });
    await review.waitFor();
    await motionDone(admin);
    await review.getByLabel('Comment').fill('Weekly review');
    await review.getByRole('button', { name: 'Mark reviewed' }).click();
    await toast(admin, 'The audit trail is marked as reviewed');
    // The review is listed under Reviews (and is itself the newest event of the trail above).
    await admin.getByRole('row', { name: /All events, up to event \d+ .*Weekly review/ }).waitFor();
    await screenshot(admin, 'groups-15-audit-trail-reviewed');
  }, 90_000);
});
