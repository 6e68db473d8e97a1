import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { motionDone, screenshot } from './support/browser.js';
import { ROOT, SUPERADMIN } from './support/server.js';
import { journeyEnvironment } from './support/journey.js';
import { req } from '../docs/requirements/req.js';

/** A small opaque PNG (w × h, one colour), made here so the journey needs no fixture file. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([31, 95, 209]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The file name of a MIME part's headers: `filename="..."` or RFC 2231 pieces `filename*0=...; filename*1=...`. */
function partFileName(head: string): string | undefined {
  const plain = /filename="?([^";]+)"?/i.exec(head)?.[1];
  if (plain) return plain;
  const pieces = [...head.matchAll(/filename\*(\d+)(\*?)="?([^";]*)"?/gi)]
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map(([, , encoded, value]) => (encoded ? decodeURIComponent(value!.replace(/^utf-8''/i, '')) : value));
  return pieces.length ? pieces.join('') : undefined;
}

/** The decoded attachment of a raw MIME mail whose file name matches. */
function attachment(raw: string, fileName: RegExp): { name: string; text: string } | null {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
    const name = partFileName(unfolded);
    if (!name || !fileName.test(name)) continue;
    const body = rest.join('\n');
    const base64 = /content-transfer-encoding:\s*base64/i.test(unfolded);
    return { name, text: base64 ? Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8') : body };
  }
  return null;
}

const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('organizations journey (SuperAdmin, fresh server, SMTP sink)', () => {
  const env = journeyEnvironment('organizations');
  let page: Page;

  beforeAll(async () => {
    page = await env.newPage({ viewport: { width: 1280, height: 800 } });
  });

  const toast = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
  const row = (name: string) => page.locator('tr.ant-table-row').filter({ hasText: name });
  const modal = () => page.locator('.ant-modal:visible').last();
  /** Screenshots after antd's open animations have finished. */
  const shot = async (name: string) => {
    await motionDone(page);
    await screenshot(page, name);
  };

  it(`creates, renames, toggles, brands, exports and deletes an organization ${req('ORG-001', 'ORG-003', 'ORG-005', 'ORG-006', 'ORG-008')}`, async () => {
    // Sign in.
    await page.goto('/login');
    await page.getByLabel(/e-?mail/i).fill(SUPERADMIN.email);
    await page.getByLabel(/^password/i).fill(SUPERADMIN.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/organizations');
    await page.getByText('List of Organizations').waitFor();
    await shot('organizations-01-empty-list');

    // Create: the button is disabled until there is a name.
    await page.getByRole('button', { name: 'Add New' }).click();
    const create = modal().getByRole('button', { name: 'Create' });
    expect(await create.isDisabled()).toBe(true);
    await modal().getByLabel('Organization name').fill('Journey Medical');
    await shot('organizations-02-create-modal');
    await create.click();
    await toast('Organization has been successfully created!').waitFor();
    await row('Journey Medical').waitFor();
    await shot('organizations-03-created');

    // Rename.
    await page.getByRole('button', { name: 'Edit the name of Journey Medical' }).click();
    await modal().getByLabel('Organization name').fill('Journey Medical Devices');
    await modal().getByRole('button', { name: 'Save' }).click();
    await toast('Organization name has been edited successfully').waitFor();
    await row('Journey Medical Devices').waitFor();
    const name = 'Journey Medical Devices';

    // Deactivate through the confirmation, then activate again.
    await page.getByRole('button', { name: `Deactivate ${name}` }).click();
    await modal().getByText('All its Admins and Users lose access').waitFor();
    await shot('organizations-04-deactivate-modal');
    await modal().getByRole('button', { name: 'Deactivate' }).click();
    await toast('Status has been successfully changed').waitFor();
    await row(name).getByText('Inactive').waitFor();
    await shot('organizations-05-inactive');
    await page.getByRole('button', { name: `Activate ${name}` }).click();
    await modal().getByRole('button', { name: 'Activate' }).click();
    await row(name).getByText('Active', { exact: true }).waitFor();

    // Managed by client: the switch follows the server's answer; the view icon goes inert.
    const managed = page.getByRole('switch', { name: `Managed by client: ${name}` });
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/managed-by-client') && r.request().method() === 'PATCH'),
      managed.click(),
    ]);
    expect(answer.status()).toBe(200);
    await expect.poll(() => managed.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('button', { name: `View ${name}` }).isDisabled()).toBe(true);
    await shot('organizations-06-managed-by-client');
    await managed.click();
    await expect.poll(() => managed.getAttribute('aria-checked')).toBe('false');

    // Logo: choose a PNG, crop 16:9, save; the row shows it.
    await page.getByRole('button', { name: `Logo of ${name}` }).click();
    await modal().getByText('PNG or SVG with a transparent background is recommended').waitFor();
    await modal()
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(320, 180) });
    await page.getByText('Crop Image').waitFor();
    await shot('organizations-07-crop');
    const [logoAnswer] = await Promise.all([
      page.waitForResponse((r) => /\/logo\/[^/]+$/.test(r.url()) && r.request().method() === 'PUT'),
      page.getByRole('button', { name: 'Crop & save' }).click(),
    ]);
    expect(logoAnswer.status()).toBe(200);
    const logo = row(name).locator('img.qualis-org-logo');
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toMatch(/^\/api\/v1\/images\//);
    await expect
      .poll(() => logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await shot('organizations-08-logo');

    // CSV of the checked row, with the visible columns.
    await row(name).locator('input[type=checkbox]').check();
    await page.getByRole('button', { name: /Export$/ }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV file' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Organizations_version_.+\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
    expect(csv.split(/\r?\n/).filter(Boolean)).toEqual(['Organizations,Status,Managed by Client', `${name},Active,No`]);
    await toast('Your report is downloaded').waitFor();

    // Logs: organization changes of today, e-mailed as CSV.
    await page.getByRole('button', { name: /Export$/ }).click();
    await page.getByRole('menuitem', { name: 'Logs' }).click();
    const panel = page.getByRole('region', { name: 'Logs export' });
    await panel.waitFor();
    const exportLogs = panel.getByRole('button', { name: 'Export logs' });
    expect(await exportLogs.isDisabled()).toBe(true);
    await panel.getByLabel('All organizations').check();
    await panel.getByLabel('Admins').check();
    await panel.getByLabel('Include organization changes').check();
    expect(await exportLogs.isDisabled()).toBe(true); // no date range yet
    const today = localDay(new Date());
    await panel.getByPlaceholder('Start date').click();
    await panel.getByPlaceholder('Start date').fill(today);
    await page.keyboard.press('Enter');
    await panel.getByPlaceholder('End date').fill(today);
    await page.keyboard.press('Enter');
    await expect.poll(() => exportLogs.isDisabled()).toBe(false);
    await panel.getByText('Info types', { exact: true }).click(); // closes the calendar
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
    await shot('organizations-09-logs-panel');
    const [logsAnswer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/export/Organization-logs')),
      exportLogs.click(),
    ]);
    const logsUrl = new URL(logsAnswer.url());
    expect(logsUrl.searchParams.get('DateRange.Start')).toBe(today);
    expect(logsUrl.searchParams.get('DateRange.End')).toBe(`${today}T23:50:00Z`);
    expect(logsUrl.searchParams.get('IncludeOrganizationChanges')).toBe('true');
    expect(logsUrl.searchParams.getAll('InfoTypes')).toEqual(['0']);
    await toast('Your report is being generated, please, wait.').waitFor();

    const mail = await env.sink.waitForMail({
      to: SUPERADMIN.email,
      subject: 'Qualis: your organization logs report',
      timeoutMs: 20_000,
    });
    const report = attachment(mail.raw, /^Organization-logs_.+\.csv$/);
    expect(report, 'the mail carries the CSV').not.toBeNull();
    expect(report!.text).toContain('Date,Organization,Info type,Action');
    expect(report!.text).toContain('rename');
    expect(report!.text).toContain(name);
    await panel.getByRole('button', { name: 'Close the logs export' }).click();

    // Delete, acknowledged; the row goes away.
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const remove = modal().getByRole('button', { name: 'Delete', exact: true });
    expect(await remove.isDisabled()).toBe(true);
    await modal().getByLabel('I acknowledge').check();
    await shot('organizations-10-delete-modal');
    await remove.click();
    await toast('Organization has been deleted successfully').waitFor();
    await row(name).waitFor({ state: 'detached' });
    await shot('organizations-11-deleted');
  });

  it(`shows the SuperAdmin the version and the build's validation report on About ${req('VAL-001')}`, async () => {
    // The journeys' server is the built one (apps/server/dist), which serves the report that
    // `npm run build` kept in apps/web/validation: none on a fresh checkout (CI builds after the
    // tests), one after a local `npm run validation-report` and `npm run build`.
    const kept = path.join(ROOT, 'apps/web/validation/report.json');
    const report = fs.existsSync(kept) ? (JSON.parse(fs.readFileSync(kept, 'utf8')) as { verdict: string }) : null;
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

    // A page of its own, signed in, so this step does not hang on the one above.
    const about = await env.signedIn(SUPERADMIN, { viewport: { width: 1280, height: 800 } });
    await about.getByRole('button', { name: 'Super Admin' }).click();
    await about.getByRole('menuitem', { name: 'About' }).click();
    await about.waitForURL('**/about');
    await about.getByRole('heading', { name: 'About Qualis' }).waitFor();
    await about.getByText(version, { exact: true }).waitFor();
    if (!report) {
      await about.getByText('This build carries no validation report.', { exact: false }).waitFor();
      expect(await about.getByRole('button', { name: /Download the report/ }).count()).toBe(0);
      await motionDone(about);
      await screenshot(about, 'organizations-12-about-no-report');
      return;
    }
    await about.getByText(report.verdict).waitFor();
    await motionDone(about);
    await screenshot(about, 'organizations-12-about-report');
    const [download] = await Promise.all([
      about.waitForEvent('download'),
      about.getByRole('button', { name: 'Download the report (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('qualis-validation-report.pdf');
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.equals(fs.readFileSync(path.join(ROOT, 'apps/web/validation/report.pdf')))).toBe(true);
  });
});
