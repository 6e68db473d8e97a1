import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import PDFDocument from 'pdfkit';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { Permission } from '@qualis/contract';
import { screenshot } from './support/browser.js';
import { RESULTS_DIR, SUPERADMIN } from './support/server.js';
import { JOURNEY_PASSWORD } from './support/people.js';
import { checkPage } from './support/accessibility.js';
import { exported, journeyEnvironment, pick, toast } from './support/journey.js';
import { pdfPages } from '../apps/server/src/test/exported-files.js';

const ADMIN = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@trainings.e2e.qualis.test' };
const MEMBER = { firstName: 'Ann', lastName: 'Mills', email: 'ann@trainings.e2e.qualis.test' };
const LATER = { firstName: 'Ben', lastName: 'Ortiz', email: 'ben@trainings.e2e.qualis.test' };
const GROUP = 'Clean Room Staff';
const TRAINING = 'Clean room gowning';
const DOCUMENT = 'Gowning procedure';

/** A one-page PDF, as a quality manager would upload. */
function samplePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 56 });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.fontSize(20).text('SOP-21 Gowning for the clean room');
    pdf.moveDown().fontSize(11).text('1. Put on the hood first, then the coverall, then the boots.');
    pdf.end();
  });
}

describe('trainings journey: a group is trained, fails once, passes; a late member gets the training; the document links it', () => {
  const env = journeyEnvironment('trainings');
  const { call, onboard, signedIn } = env;

  it(
    'creates a training for a group, passes it, adds a member through the wizard, links it to a document, reads the HR record and the PDF',
    { timeout: 600_000 },
    async () => {
      onTestFailed(async () => {
        const pages = env.browser.contexts().flatMap((c) => c.pages());
        for (const [index, page] of pages.entries()) await screenshot(page, `trainings-failed-${index}`);
      });

      // Set-up through the API: the organization, its Admin, two Users, and a group that lets its
      // members see what is related to them; Ann is in it, Ben is not yet.
      const sa = await call<{ data: { token: { accessToken: string } } }>('POST', '/sessions', SUPERADMIN);
      const token = sa.data.token.accessToken;
      const organizationId = (
        await call<{ data: { id: string } }>('POST', '/organizations', { name: 'Acme Medical' }, token)
      ).data.id;
      const adminId = await onboard('client-admins', ADMIN, organizationId, token);
      const annId = await onboard('client-users', MEMBER, organizationId, token);
      const benId = await onboard('client-users', LATER, organizationId, token);
      const groupId = (
        await call<{ data: { id: string } }>('POST', '/user-groups', { organizationId, name: GROUP }, token)
      ).data.id;
      await call(
        'PUT',
        `/user-groups/${groupId}/settings`,
        { organizationId, type: Permission.ViewRelatedActions },
        token,
      );
      await call(
        'POST',
        `/user-groups/${groupId}/add`,
        { organizationId, users: [{ userId: annId, trainingIds: [] }] },
        token,
      );

      // An approved document that requires training, made by the Admin through the API.
      const adminToken = (
        await call<{ data: { token: { accessToken: string } } }>('POST', '/sessions', {
          email: ADMIN.email,
          password: JOURNEY_PASSWORD,
        })
      ).data.token.accessToken;
      const typeId = (
        await call<{ data: { id: string } }>(
          'POST',
          `/organizations/${organizationId}/document-types`,
          { name: 'Standard Operating Procedure' },
          adminToken,
        )
      ).data.id;
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await samplePdf())], { type: 'application/pdf' }), 'sop-gowning.pdf');
      const uploaded = await fetch(`${env.server.url}/api/v1/upload/file?organizationId=${organizationId}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${adminToken}` },
        body: form,
      });
      expect(uploaded.status).toBe(201);
      const fileId = ((await uploaded.json()) as { data: { id: string } }).data.id;
      const documentId = (
        await call<{ data: { id: string } }>(
          'POST',
          '/documents',
          {
            organizationId,
            typeId,
            submitterId: adminId,
            name: DOCUMENT,
            revision: 1,
            revisionDescription: 'First issue',
            fileId,
          },
          adminToken,
        )
      ).data.id;
      await call(
        'PUT',
        `/documents/${documentId}/quality-tasks`,
        { organizationId, revision: 1, reviewerIds: [], approverIds: [], requiresTraining: true },
        adminToken,
      );
      await call('PATCH', `/documents/${documentId}/revision`, { organizationId, revision: 1 }, adminToken);
      const base = `/organizations/${organizationId}`;

      // 1. The Admin creates the training for the group, with two questions.
      const admin = await signedIn(ADMIN.email);
      await admin.goto(`${base}/training-records`);
      await admin.getByText('There are no Trainings to display').waitFor();
      await admin.getByRole('button', { name: 'Add New' }).click();
      await admin.waitForURL(`**${base}/training-records/create`);
      await admin.getByLabel('Name', { exact: true }).fill(TRAINING);
      await admin.getByLabel('Description').fill('How to put on the clean room garments, in order.');
      const assignees = admin.getByLabel('Assignees');
      await assignees.click();
      await assignees.fill('Clean');
      await pick(admin, GROUP);
      await admin.keyboard.press('Escape');
      const question = async (number: number, text: string, answers: [string, string], right: 'A' | 'B') => {
        await admin.getByRole('button', { name: 'Add question' }).click();
        await admin.getByLabel(`Text of question ${number}`).fill(text);
        await admin.getByLabel(`Answer A of question ${number}`, { exact: true }).fill(answers[0]);
        await admin.getByLabel(`Answer B of question ${number}`, { exact: true }).fill(answers[1]);
        await admin.getByLabel(`Answer ${right} of question ${number} is correct`).check();
      };
      await question(1, 'What goes on first?', ['The hood', 'The boots'], 'A');
      await question(2, 'Where do you put on the boots?', ['Outside', 'On the clean side of the bench'], 'B');
      await screenshot(admin, 'trainings-create');
      await admin.getByRole('button', { name: 'Save' }).click();
      await toast(admin, 'The training is created successfully');
      await admin.waitForURL(`**${base}/training-records`);
      await admin.getByRole('cell', { name: TRAINING }).waitFor();
      await checkPage(admin, 'trainings-list', `${base}/training-records`);

      // 2. Ann, a member of the group, gets the action and its e-mail.
      const assigned = await env.sink.waitForMail({ to: MEMBER.email, subject: /action #\d+ is assigned to you/ });
      expect(assigned.text).toContain(TRAINING);
      const ann = await signedIn(MEMBER.email);
      await ann.goto(`${base}/training-records`);
      await ann.getByRole('cell', { name: TRAINING }).click();
      await ann.getByText('Pending', { exact: true }).first().waitFor();

      // She fails once (a wrong answer), then passes.
      const pass = async (page: Page, first: string, second: string) => {
        await page.getByRole('button', { name: 'Pass training' }).click();
        await page.getByRole('checkbox', { name: first }).check();
        await page.getByRole('checkbox', { name: second }).check();
        await page
          .getByRole('checkbox', {
            name: 'I have acknowledged and understood all the artifacts related to this Training.',
          })
          .check();
        await page
          .getByRole('checkbox', {
            name: 'I understand if I have any questions on the artifacts or the Training itself, I may ask my supervisor.',
          })
          .check();
        await page.getByRole('button', { name: 'Submit answers' }).click();
      };
      await pass(ann, 'A. The hood', 'A. Outside');
      await toast(ann, 'You did not pass the training. Please, read the training material and try again.');
      await pass(ann, 'A. The hood', 'B. On the clean side of the bench');
      await toast(ann, 'You passed the training.');
      await ann.getByText('Passed', { exact: true }).first().waitFor();
      await screenshot(ann, 'trainings-passed');

      // 3. The Admin sees her among the passed people, with two attempts.
      const trainingId = /training-records\/([0-9a-f-]{36})/.exec(ann.url())![1]!;
      await admin.goto(`${base}/training-records/${trainingId}`);
      await admin.getByRole('tab', { name: 'Completion progress' }).click();
      const passedSection = admin.locator('.qualis-progress-passed, section').filter({ hasText: 'Passed (1)' }).first();
      await passedSection.getByText(`${MEMBER.firstName} ${MEMBER.lastName}`).waitFor();
      await screenshot(admin, 'trainings-progress');

      // 4. Ben joins the group through the wizard and gets the group's training.
      await admin.goto(`${base}/user-groups/${groupId}`);
      await admin.getByRole('button', { name: /Add User\(s\)/ }).click();
      const chooser = admin.getByLabel('Choose users');
      await chooser.click();
      await chooser.fill('Ben');
      await pick(admin, `${LATER.firstName} ${LATER.lastName}`);
      await admin.keyboard.press('Escape');
      await admin.getByRole('button', { name: 'Next' }).click();
      await admin.getByText('02 Training Record(s)').waitFor();
      await expect.poll(() => admin.getByRole('checkbox', { name: new RegExp(TRAINING) }).isChecked()).toBe(true);
      await screenshot(admin, 'trainings-group-wizard');
      await admin.getByRole('button', { name: 'Add', exact: true }).click();
      const benMail = await env.sink.waitForMail({ to: LATER.email, subject: /action #\d+ is assigned to you/ });
      expect(benMail.text).toContain(TRAINING);
      const progress = await call<{ data: { pendingUsers: { user: { id: string } }[] } }>(
        'GET',
        `/training-records/${trainingId}/completion-progress?organizationId=${organizationId}`,
        undefined,
        adminToken,
      );
      expect(progress.data.pendingUsers.map((p) => p.user.id)).toContain(benId);

      // 5. The Admin links the training to the approved document from its Quality Actions tab.
      await admin.goto(`${base}/documents/${documentId}`);
      await admin.getByRole('tab', { name: 'Quality Actions' }).click();
      await admin.getByRole('button', { name: 'Link Training' }).click();
      const select = admin.getByLabel('Linked training');
      await select.click();
      await select.fill('gowning');
      await pick(admin, TRAINING);
      await admin.getByRole('button', { name: 'Link', exact: true }).click();
      await toast(admin, 'The training is linked to the document');
      await admin.getByRole('link', { name: TRAINING }).waitFor();
      await screenshot(admin, 'trainings-document-linked');

      // The approved revision now asks everyone to pass the training for it: Ann passes again.
      await ann.goto(`${base}/training-records/${trainingId}`);
      await ann.getByText('Pending', { exact: true }).first().waitFor();
      await pass(ann, 'A. The hood', 'B. On the clean side of the bench');
      await toast(ann, 'You passed the training.');

      // 6. Ann's HR record lists the training as passed, for revision 1 of the document.
      await admin.goto(`${base}/human-resources`);
      await admin.getByRole('cell', { name: MEMBER.lastName }).click();
      const trainingEntry = admin.getByRole('listitem').filter({ hasText: TRAINING });
      await trainingEntry.getByText('Passed').waitFor();
      await screenshot(admin, 'trainings-hr-record');

      // 7. The training's PDF, from the list's Export menu, as a PDF reader shows it.
      await admin.goto(`${base}/training-records`);
      await admin
        .getByRole('row', { name: new RegExp(TRAINING) })
        .getByRole('checkbox')
        .check();
      const pdf = await exported(admin, 'Single PDF');
      expect(pdf.name).toMatch(/\.pdf$/);
      const text = (await pdfPages(pdf.bytes)).join('\n');
      expect(text).toContain(TRAINING);
      expect(text).toContain('What goes on first?');
      expect(text).toContain(`${MEMBER.firstName} ${MEMBER.lastName}`);
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      const pdfPath = path.join(RESULTS_DIR, 'trainings-record.pdf');
      fs.writeFileSync(pdfPath, pdf.bytes);
      execFileSync('pdftoppm', ['-png', '-r', '50', pdfPath, path.join(RESULTS_DIR, 'trainings-record')]);
    },
  );
});
