import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { Permission } from '@qualis/contract';
import { describe, expect, it } from 'vitest';
import { checkPage, settle } from './support/accessibility.js';
import { screenshot } from './support/browser.js';
import { choosePerson, pageHeader as header, respond, withdrawDocument } from './support/documents.js';
import { nameOf, personText } from './support/people.js';
import { journeyEnvironment, listsClosed, mainMenu, pick, renderPdf, samplePdf, toast } from './support/journey.js';
import { pdfPages, unzipped } from '../apps/server/src/test/exported-files.js';
import { req } from '../docs/requirements/req.js';

const ADMIN = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@documents.e2e.qualis.test' };
const REVIEWERS = [
  { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@documents.e2e.qualis.test' },
  { firstName: 'Alan', lastName: 'Turing', email: 'alan@documents.e2e.qualis.test' },
] as const;
const APPROVER = { firstName: 'Marie', lastName: 'Curie', email: 'marie@documents.e2e.qualis.test' };
const TYPE = 'Standard Operating Procedure';
const DOCUMENT = 'Cleaning of the clean room';
const FILE = 'sop-cleaning.pdf';
const REASON = 'Door handles were found contaminated in the March audit.';
const WITHDRAWAL_REASON = 'Replaced by the new cleaning procedure SOP-14.';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const samplePdfOfSop = () =>
  samplePdf('SOP-12 Cleaning of the clean room', [
    'Wipe every surface from top to bottom with 70 % isopropyl alcohol.',
    'Mop the floor towards the door.',
    'Record the cleaning in the log.',
  ]);

describe('documents journey: a document is reviewed, approved with an access code, revised, exported and withdrawn', () => {
  // axe-core is injected beside the app, so the contexts bypass the CSP.
  const env = journeyEnvironment('documents', { bypassCSP: true });
  const { call, signedIn } = env;
  /** What a click downloads: the file's name and bytes. */
  async function downloaded(page: Page, click: () => Promise<void>) {
    const [download] = await Promise.all([page.waitForEvent('download'), click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
  }

  it(
    `creates a document with reviewers and an approver, signs it, adds a revision for a reason, exports it, withdraws it ${req('DOC-004', 'DOC-028', 'DOC-034', 'DOC-035')}`,
    { timeout: 600_000 },
    async () => {
      env.screenshotOnFailure();
      // Set-up through the API: the organization, a document type, the Admin, two reviewers and an
      // approver in a group, and the approver's access code, read from its e-mail.
      const { token, organizationId } = await env.providerOrganization('Acme Medical');
      await call('POST', `/organizations/${organizationId}/document-types`, { name: TYPE }, token);
      const [, ...signerIds] = await Promise.all([
        env.onboard('client-admins', ADMIN, organizationId, token),
        ...[...REVIEWERS, APPROVER].map((person) => env.onboard('client-users', person, organizationId, token)),
      ]);
      const approverId = signerIds.at(-1)!;
      // A User who may view neither documents nor actions is blocked from the organization (spec
      // 01): the signers' group lets them view the actions related to them, their review and
      // approval actions among them. The documents they sign they see as participants.
      await env.group(organizationId, token, {
        name: 'Signers',
        permissions: [Permission.ViewRelatedActions],
        userIds: signerIds,
      });
      await call('PATCH', `/verifications/user-access-code/${approverId}`, { organizationId }, token);
      const codeMail = await env.sink.waitForMail({ to: APPROVER.email, subject: 'Qualis: your access code' });
      const accessCode = /^\s*(\d{6})\s*$/m.exec(codeMail.text)?.[1];
      if (!accessCode) throw new Error(`no access code in "${codeMail.text}"`);
      const wrongCode = accessCode.slice(0, 5) + String((Number(accessCode[5]) + 1) % 10);
      const base = `/organizations/${organizationId}`;

      // 1. The Admin opens Documents from the menu: the empty list.
      const admin = await signedIn(ADMIN);
      await admin.waitForURL(`**${base}/dashboard`);
      await mainMenu(admin).getByRole('link', { name: 'Documents' }).click();
      await admin.waitForURL(`**${base}/documents`);
      await admin.getByText('There are no Documents to display').waitFor();
      await screenshot(admin, 'documents-01-empty-list');

      // 2. Add New: General with a real PDF, then Quality Actions, then References.
      await admin.getByRole('button', { name: 'Add New' }).click();
      await admin.waitForURL(`**${base}/documents/create`);
      await admin.getByLabel('Type', { exact: true }).click();
      await pick(admin, TYPE);
      await listsClosed(admin);
      await admin.getByLabel('Document ID', { exact: true }).fill('SOP-12');
      await admin.getByLabel('Name', { exact: true }).fill(DOCUMENT);
      expect(await admin.getByLabel('Revision', { exact: true }).inputValue()).toBe('1');
      await admin
        .getByLabel('Revision description', { exact: true })
        .fill('First issue: the cleaning agents and the order of the surfaces.');
      await admin
        .locator('input[type=file]')
        .first()
        .setInputFiles({ name: FILE, mimeType: 'application/pdf', buffer: await samplePdfOfSop() });
      await admin.getByText(FILE).waitFor();
      await admin.getByText(personText(ADMIN)).waitFor(); // the Responsible, by default the creator
      await screenshot(admin, 'documents-02-create-general');
      await admin.getByRole('button', { name: 'Save' }).click();
      await toast(admin, 'Your document is created');

      await choosePerson(admin, 'Reviewers', REVIEWERS[0]);
      await choosePerson(admin, 'Reviewers', REVIEWERS[1]);
      await admin.keyboard.press('Escape');
      await listsClosed(admin);
      await choosePerson(admin, 'Approvers', APPROVER);
      await admin.keyboard.press('Escape');
      await listsClosed(admin);
      await screenshot(admin, 'documents-03-create-quality-actions');
      await admin.getByRole('button', { name: 'Save' }).click();
      await toast(admin, 'The quality actions are saved');

      await admin.getByLabel('Link of reference 1').fill('https://www.fda.gov/regulatory-information/21-cfr-part-11');
      await admin.getByLabel('Description of reference 1').fill('21 CFR Part 11');
      await screenshot(admin, 'documents-04-create-references');
      await admin.getByRole('button', { name: 'Save' }).click();
      await toast(admin, 'The references are saved');
      await admin.waitForURL(`**${base}/documents`);
      const row = admin.getByRole('row').filter({ hasText: DOCUMENT });
      await row.getByText('Submitted').waitFor();
      await row.getByText(FILE).waitFor();
      await settle(admin);
      await screenshot(admin, 'documents-05-list');
      const list = await call<{ data: { id: string }[] }>(
        'GET',
        `/documents?organizationId=${organizationId}`,
        undefined,
        token,
      );
      const documentId = list.data[0]!.id;
      const documentPath = `${base}/documents/${documentId}`;

      // 3. Each reviewer gets the e-mail, sees the action on the dashboard, opens the document
      // through it and signs the review.
      for (const [index, reviewer] of REVIEWERS.entries()) {
        const mail = await env.sink.waitForMail({ to: reviewer.email, subject: /action #\d+ is assigned to you/ });
        expect(mail.text).toContain(`Review SOP-12 "${DOCUMENT}" revision 1`);
        const page = await signedIn(reviewer);
        await page.waitForURL(`**${base}/dashboard`);
        const action = page
          .locator('.qualis-dashboard__entries')
          .getByRole('link', { name: `Review SOP-12 "${DOCUMENT}" revision 1` });
        await action.waitFor();
        expect(await page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).count()).toBe(1);
        await screenshot(page, `documents-06-reviewer-${index + 1}-dashboard`);
        await action.click();
        await page.waitForURL(/\/tasks\/[0-9a-f-]{36}$/);
        await page.locator(`a[href^="${documentPath}"]`).first().click();
        await page.waitForURL(`**${documentPath}**`);
        await page.getByRole('heading', { name: DOCUMENT }).waitFor();
        await page.getByRole('tab', { name: 'Review' }).click();
        await page.getByText('Waiting for').waitFor();
        await respond(page, 'Reviewed', `Checked against the cleaning log, ${reviewer.firstName}.`);
        await screenshot(page, `documents-07-reviewer-${index + 1}-review-form`);
        // Still held after the full-page screenshot (which resizes the page)?
        await respond(page, 'Reviewed', `Checked against the cleaning log, ${reviewer.firstName}.`);
        await page.getByRole('button', { name: 'Save' }).click();
        await toast(page, /Your review is (signed|saved)/);
        await page
          .locator('.ant-card.qualis-signature')
          .filter({ hasText: nameOf(reviewer) })
          .waitFor();
        await screenshot(page, `documents-08-reviewer-${index + 1}-reviewed`);
        await page.context().close();
      }

      // 4. The approver: a wrong access code is refused and nothing is signed; the right one
      // approves, and the revision is Approved and Final.
      const approver = await signedIn(APPROVER);
      await approver.waitForURL(`**${base}/dashboard`);
      await approver.goto(documentPath);
      await approver.getByRole('heading', { name: DOCUMENT }).waitFor();
      await header(approver).getByText('Reviewed', { exact: true }).waitFor();
      await approver.getByRole('tab', { name: 'Approval' }).click();
      await respond(approver, 'Approved', 'Released for production.');
      await approver.getByLabel('Access code').fill(wrongCode);
      await approver.getByRole('button', { name: 'Save' }).click();
      await approver.locator('.ant-form-item-explain-error').getByText('The access code is incorrect.').waitFor();
      await approver.getByText('No responses yet.').waitFor();
      await screenshot(approver, 'documents-09-approver-wrong-code');
      expect(await approver.locator('.ant-card.qualis-signature').count()).toBe(0);

      await approver.getByLabel('Access code').fill(accessCode);
      await approver.getByRole('button', { name: 'Save' }).click();
      await toast(approver, /Your approval is (signed|saved)/);
      const signature = approver.locator('.ant-card.qualis-signature').filter({ hasText: nameOf(APPROVER) });
      await signature.waitFor();
      await header(approver).getByText('Approved', { exact: true }).waitFor();
      await header(approver).getByText('Final', { exact: true }).waitFor();
      await signature.getByText('Approved', { exact: true }).waitFor();
      await signature.getByText(APPROVER.email).waitFor();
      const signedAt = await signature
        .locator('.ant-descriptions-item')
        .filter({ hasText: 'Date and time' })
        .innerText();
      expect(signedAt).toMatch(new RegExp(String(new Date().getUTCFullYear())));
      expect(signedAt).toMatch(/\d{1,2}:\d{2}:\d{2}/);
      await screenshot(approver, 'documents-10-approver-approved');
      await approver.context().close();

      // 5. The Admin adds revision 2 for a reason (required from revision 2 on): it starts Submitted.
      await admin.getByRole('row').filter({ hasText: DOCUMENT }).getByRole('link', { name: DOCUMENT }).click();
      await admin.waitForURL(`**${documentPath}**`);
      await header(admin).getByText('Approved', { exact: true }).waitFor();
      await screenshot(admin, 'documents-11-admin-approved-general');
      await admin.getByRole('button', { name: 'Add revision' }).click();
      await admin.getByRole('heading', { name: 'New revision 2' }).waitFor();
      // The new revision starts empty: its name and what changed are written for it.
      expect(await admin.getByLabel('Revision description', { exact: true }).inputValue()).toBe('');
      await admin.getByLabel('Revision name', { exact: true }).fill('Second issue');
      await admin.getByLabel('Revision description', { exact: true }).fill('A second wipe of the door handles.');
      await admin.getByLabel('Reason for change', { exact: true }).fill(REASON);
      await screenshot(admin, 'documents-12-admin-new-revision');
      await admin.getByRole('button', { name: 'Save' }).click();
      await toast(admin, 'The Document Revision is saved');
      await admin.waitForURL(/revision=2/);
      await header(admin).getByText('Revision 2').waitFor();
      await header(admin).getByText('Submitted', { exact: true }).waitFor();
      expect(await header(admin).getByText('Final', { exact: true }).count()).toBe(0);
      await screenshot(admin, 'documents-13-admin-revision-2');
      // The selector says why each revision was made; revision 1 had no reason given ('—').
      await admin.getByLabel('Revision', { exact: true }).click();
      const revisions = admin.locator('.ant-select-dropdown:visible');
      await revisions.getByText(`Reason for change: ${REASON}`).waitFor();
      await revisions.getByText('Reason for change: —').waitFor();
      await screenshot(admin, 'documents-13b-admin-revision-selector', { fullPage: false });
      await admin.keyboard.press('Escape');
      await listsClosed(admin);
      // It is the first thing the reviewers read in the Review tab.
      await admin.getByRole('tab', { name: 'Review' }).click();
      await admin.locator('.qualis-signing-reason').getByText(REASON).waitFor();
      await screenshot(admin, 'documents-13c-admin-review-reason');
      await admin.getByRole('tab', { name: 'General' }).click();

      // 6. The controlled copy of revision 1, the released revision (revision 2 is not final).
      await admin.getByLabel('Revision', { exact: true }).click();
      await pick(admin, 'Revision 1');
      await admin.waitForURL(/revision=1/);
      await header(admin).getByText('Revision 1').waitFor();
      await screenshot(admin, 'documents-14-admin-revision-1');
      const copy = await downloaded(admin, () => admin.getByRole('button', { name: 'Controlled copy (PDF)' }).click());
      expect(copy.name).toMatch(/^sop-cleaning(\.pdf)? \(rev 1, controlled copy\)\.pdf$/);
      const copyText = (await pdfPages(copy.bytes)).join('\n');
      expect(copyText).toContain('Controlled copy');
      expect(copyText).not.toContain('Obsolete');
      expect(copyText).toContain(DOCUMENT);
      expect(copyText).toContain('Approved');
      expect(copyText).toContain(nameOf(APPROVER));
      expect(copyText).toContain('Wipe every surface');
      renderPdf(copy.bytes, 'documents-controlled-copy');

      // The controlled file opens in the preview without a download, and the CSP lets its frame load.
      const refusals: string[] = [];
      admin.on('console', (message) => {
        if (/Content Security Policy|Refused to (frame|load)/i.test(message.text())) refusals.push(message.text());
      });
      await admin.getByRole('button', { name: /Preview$/ }).click();
      const preview = admin.getByRole('dialog', { name: `Preview of ${FILE}` });
      const frame = preview.locator('iframe');
      await frame.waitFor();
      expect(await frame.getAttribute('src')).toMatch(/^blob:/);
      // A refused frame would be refused before its document loads.
      await (await (await frame.elementHandle())!.contentFrame())!.waitForLoadState('load');
      // The viewport only: a full-page capture resizes the page, and in CI the preview closed under it
      // (twice in three runs: the dialog was gone in the picture right after its frame had loaded).
      await screenshot(admin, 'documents-15-admin-preview', { fullPage: false });
      expect(refusals).toEqual([]);
      await preview.getByRole('button', { name: 'Close' }).click();
      await preview.waitFor({ state: 'hidden' });

      // 7. Released, so never deleted: Delete is disabled and says why. The approver of the released
      // revision withdraws the document, signing with her access code (the organization does not ask
      // for the password): every revision is Obsolete; the History tab reads as names, not ids.
      const disabledDelete = header(admin).getByRole('button', { name: /Delete document$/ });
      expect(await disabledDelete.isDisabled()).toBe(true);
      await disabledDelete.locator('xpath=..').hover();
      await admin
        .getByRole('tooltip')
        .getByText('A released document cannot be deleted; withdraw it instead.')
        .waitFor();
      // The list's row is the effective revision 1, revision 2 in approval beside it (issue 24).
      await mainMenu(admin).getByRole('link', { name: 'Documents' }).click();
      await admin.waitForURL(`**${base}/documents`);
      await admin.getByRole('row').filter({ hasText: DOCUMENT }).getByText('rev 2 in approval').waitFor();
      const withdrawer = await signedIn(APPROVER);
      await withdrawer.waitForURL(`**${base}/dashboard`);
      await withdrawer.goto(documentPath);
      await withdrawer.getByRole('heading', { name: DOCUMENT }).waitFor();
      await withdrawDocument(withdrawer, WITHDRAWAL_REASON, accessCode, 'documents-16-approver-withdraw');
      await toast(withdrawer, 'The Document is withdrawn (Obsolete)');
      await header(withdrawer).getByText('Obsolete', { exact: true }).waitFor();
      await withdrawer.getByText(/Withdrawn \(Obsolete\) on .* by Marie Curie/).waitFor();
      await withdrawer.context().close();

      await admin.goto(documentPath);
      await header(admin).getByText('Obsolete', { exact: true }).waitFor();
      await admin.getByText(`Reason: ${WITHDRAWAL_REASON}`).waitFor();
      expect(
        await header(admin)
          .getByRole('button', { name: /Withdraw document$/ })
          .count(),
      ).toBe(0);
      await admin.getByRole('tab', { name: 'History' }).click();
      const history = admin.getByRole('tabpanel', { name: 'History' });
      await history.getByText(WITHDRAWAL_REASON).first().waitFor();
      await screenshot(admin, 'documents-16-admin-withdrawn-history');
      expect(await history.innerText()).not.toMatch(UUID);

      // 8. The list: the withdrawn document leaves the default list and the Obsolete status shows
      // it; its Single PDF is stamped OBSOLETE with the reason, and names people and files, not ids.
      await mainMenu(admin).getByRole('link', { name: 'Documents' }).click();
      await admin.waitForURL(`**${base}/documents`);
      await admin.getByText('There are no Documents to display').waitFor();
      await admin.getByLabel('Filter by status', { exact: true }).click();
      await pick(admin, 'Obsolete');
      await admin.keyboard.press('Escape');
      await listsClosed(admin);
      await admin
        .getByRole('row')
        .filter({ hasText: DOCUMENT })
        .getByText('Obsolete', { exact: true })
        .first()
        .waitFor();
      await screenshot(admin, 'documents-17-list-obsolete');
      await admin.getByRole('button', { name: 'Export' }).click();
      const single = await downloaded(admin, () => admin.getByRole('menuitem', { name: 'Single PDF' }).click());
      expect(single.name).toMatch(/^Documents_version_grace@documents\.e2e\.qualis\.test_.+\.pdf$/);
      const singleText = (await pdfPages(single.bytes)).join('\n');
      expect(singleText).toContain(DOCUMENT);
      expect(singleText).toContain('Approved');
      expect(singleText).toContain('OBSOLETE');
      expect(singleText).toContain(WITHDRAWAL_REASON);
      expect(singleText).toContain(nameOf(APPROVER));
      expect(singleText).toContain('Acme Medical');
      expect(singleText).not.toMatch(UUID);
      renderPdf(single.bytes, 'documents-export');

      // 9. 'Export everything' in Settings: the package arrives as a 7-day link, which downloads the
      // ZIP with its manifest (every entry's SHA-256 right) and README.pdf.
      await mainMenu(admin).getByRole('link', { name: 'Settings' }).click();
      await admin.waitForURL(`**${base}/setting`);
      await admin.getByRole('button', { name: /Export everything$/ }).click();
      await toast(admin, 'Your report is being generated, please, wait.');
      const packageMail = await env.sink.waitForMail({
        to: ADMIN.email,
        subject: 'Qualis: the inspection package of Acme Medical is ready',
        timeoutMs: 120_000,
      });
      expect(packageMail.text).toContain('Documents: 1; actions: 4; trainings: 0; HR records: 4.');
      expect(packageMail.text).toContain('The link works for 7 days');
      const link = new RegExp(`${base}/exports/[0-9a-f-]{36}`).exec(packageMail.text)?.[0];
      if (!link) throw new Error(`no download link in "${packageMail.text}"`);
      const pack = await downloaded(admin, () => admin.goto(`${env.server.url}${link}`).then(() => undefined));
      expect(pack.name).toMatch(/^Inspection-package_.+\.zip$/);
      const entries = await unzipped(pack.bytes);
      const names = entries.map((e) => e.name);
      expect(names).toEqual(expect.arrayContaining(['MANIFEST.sha256', 'README.pdf']));
      const manifest = entries.find((e) => e.name === 'MANIFEST.sha256')!.bytes.toString('utf8');
      const listed = manifest.trim().split('\n');
      expect(listed).toHaveLength(entries.length - 1);
      for (const line of listed) {
        const [sha, entry] = line.split(/ {2}/);
        expect(sha256(entries.find((e) => e.name === entry)!.bytes), entry).toBe(sha);
      }
      renderPdf(entries.find((e) => e.name === 'README.pdf')!.bytes, 'documents-package-readme');

      // 10. The list, the detail and the create page: no sideways scroll at 390 px, no serious or
      // critical axe violation at 390 and 1400 px.
      const problems = [
        ...(await checkPage(admin, 'list', `${base}/documents`, 'documents-a11y')),
        ...(await checkPage(admin, 'detail', `${documentPath}?revision=1`, 'documents-a11y')),
        ...(await checkPage(admin, 'create', `${base}/documents/create`, 'documents-a11y')),
      ];
      expect(problems).toEqual([]);
    },
  );
});
