import { Permission } from '@qualis/contract';
import { describe, expect, it } from 'vitest';
import { pdfPages } from '../apps/server/src/test/exported-files.js';
import { checkPage } from './support/accessibility.js';
import { screenshot } from './support/browser.js';
import { personText } from './support/people.js';
import { submitQuizAnswer } from './support/trainings.js';
import {
  exported,
  journeyEnvironment,
  listsClosed,
  mainMenu,
  pick,
  renderPdf,
  samplePdf,
  toast,
} from './support/journey.js';
import { req } from '../docs/requirements/req.js';

const ADMIN = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@trainings.e2e.qualis.test' };
const TRAINEE = { firstName: 'Alan', lastName: 'Turing', email: 'alan@trainings.e2e.qualis.test' };
const LATER = { firstName: 'Ben', lastName: 'Ortiz', email: 'ben@trainings.e2e.qualis.test' };
const TRAINING = 'Clean room gowning';
const DOCUMENT = 'Gowning procedure';

const gowningPdf = () =>
  samplePdf('SOP-21 Gowning for the clean room', ['Put on the hair cover first, then the coverall, then the boots.']);

describe('training journey: a group is trained and passes; a late member gets the training; a document links it; HR and PDF show it', () => {
  // axe-core is injected beside the app, so the contexts bypass the CSP.
  const env = journeyEnvironment('trainings', { bypassCSP: true });
  const { call, signedIn } = env;

  it(
    `creates a training, fails and then passes it as the assignee, and checks the pages at 390 and 1400 px ${req('TRN-001', 'TRN-003', 'TRN-004', 'HR-002')}`,
    { timeout: 600_000 },
    async () => {
      env.screenshotOnFailure();
      // Set-up through the API: the organization, the Admin, and a User whose group lets them see
      // the actions related to them (a User who may see neither documents nor actions is blocked).
      const { token, organizationId } = await env.providerOrganization('Acme Medical');
      const [adminId, laterId, traineeId] = await Promise.all([
        env.onboard('client-admins', ADMIN, organizationId, token),
        env.onboard('client-users', LATER, organizationId, token),
        env.onboard('client-users', TRAINEE, organizationId, token),
      ]);
      const groupId = await env.group(organizationId, token, {
        name: 'Operators',
        permissions: [Permission.ViewRelatedActions],
        userIds: [traineeId],
      });
      const adminToken = await approvedDocumentRequiringTraining(organizationId, adminId);
      const base = `/organizations/${organizationId}`;

      // 1. The Admin opens Training records from the menu: the empty list, then Add New.
      const admin = await signedIn(ADMIN);
      await admin.waitForURL(`**${base}/dashboard`);
      await mainMenu(admin).getByRole('link', { name: 'Training records' }).click();
      await admin.waitForURL(`**${base}/training-records`);
      await admin.getByText('There are no Trainings to display').waitFor();
      await admin.getByRole('button', { name: 'Add New' }).click();
      await admin.waitForURL(`**${base}/training-records/create`);

      // 2. The form: the assignee is the group, the quiz one question with B correct.
      await admin.getByLabel('Name', { exact: true }).fill(TRAINING);
      await admin.getByLabel('Description', { exact: true }).fill('Gowning before entering the clean room.');
      await admin.getByText(personText(ADMIN)).waitFor(); // the assigner, by default the creator
      const assignees = admin.getByLabel('Assignees', { exact: true });
      await assignees.click();
      await assignees.fill('Oper');
      await pick(admin, 'Operators (users: 1)');
      await admin.keyboard.press('Escape');
      await listsClosed(admin);
      await admin.getByRole('button', { name: 'Add question' }).click();
      await admin.getByLabel('Text of question 1').fill('What do you put on first?');
      await admin.getByLabel('Answer A of question 1', { exact: true }).fill('Gloves');
      await admin.getByLabel('Answer B of question 1', { exact: true }).fill('Hair cover');
      expect(await admin.getByRole('button', { name: 'Delete answer A of question 1' }).isDisabled()).toBe(true);
      expect(await admin.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await admin.getByLabel('Answer B of question 1 is correct').check();
      await expect.poll(() => admin.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
      await screenshot(admin, 'trainings-01-create');
      await admin.getByRole('button', { name: 'Save' }).click();
      await toast(admin, 'The training is created successfully');
      await admin.waitForURL(`**${base}/training-records`);
      await admin.getByRole('row').filter({ hasText: TRAINING }).waitFor();

      // 3. The trainee opens it from the dashboard's card and fails, then passes.
      const trainee = await signedIn(TRAINEE);
      await trainee.waitForURL(`**${base}/dashboard`);
      await trainee.getByRole('link', { name: `#1 ${TRAINING}`, exact: true }).click();
      await trainee.getByRole('heading', { name: TRAINING }).waitFor();
      await trainee.locator('.qualis-page-header').getByText('Pending').waitFor();
      expect(await trainee.getByText('correct answer').count()).toBe(0);
      const answer = (choice: string) => submitQuizAnswer(trainee, choice);
      await answer('A. Gloves');
      await trainee.getByText('You did not pass the training.', { exact: false }).waitFor();
      await answer('B. Hair cover');
      await trainee.getByText('You passed the training.').waitFor();
      await trainee.locator('.qualis-page-header').getByText('Passed').waitFor();
      await screenshot(trainee, 'trainings-02-passed');

      // 4. The Admin sees the pass, after two attempts, in the completion progress.
      await admin.getByRole('row').filter({ hasText: TRAINING }).getByRole('link', { name: TRAINING }).click();
      await admin.getByRole('tab', { name: 'Completion progress' }).click();
      const passedRow = admin.getByRole('row').filter({ hasText: TRAINEE.email });
      await passedRow.waitFor();
      expect(await passedRow.textContent()).toContain('2');
      await admin.getByText('No assignees are pending.').waitFor();
      const detailPath = new URL(admin.url()).pathname;

      // 5. The list, the detail and the create page: no sideways scroll at 390 px, no serious or
      // critical axe violation at 390 and 1400 px; the trainee's detail too (the pass mode's button).
      const problems = [
        ...(await checkPage(admin, 'list', `${base}/training-records`, 'trainings-a11y')),
        ...(await checkPage(admin, 'detail', detailPath, 'trainings-a11y')),
        ...(await checkPage(admin, 'create', `${base}/training-records/create`, 'trainings-a11y')),
        ...(await checkPage(trainee, 'trainee-detail', detailPath, 'trainings-a11y')),
      ];
      expect(problems).toEqual([]);

      // 6. Ben joins the group through the wizard, which offers the group's training, ticked.
      const trainingId = detailPath.split('/').at(-1)!;
      await admin.goto(`${base}/user-groups/${groupId}`);
      await admin.getByRole('button', { name: /Add User\(s\)/ }).click();
      const chooser = admin.getByLabel('Choose users');
      await chooser.click();
      await chooser.fill('Ben');
      await pick(admin, `${LATER.firstName} ${LATER.lastName}`);
      await admin.keyboard.press('Escape');
      await listsClosed(admin);
      await admin.getByRole('button', { name: 'Next', exact: true }).click();
      await admin.getByText('02 Training Record(s)').first().waitFor();
      await expect.poll(() => admin.getByRole('checkbox', { name: new RegExp(TRAINING) }).isChecked()).toBe(true);
      await screenshot(admin, 'trainings-03-group-wizard');
      await admin.getByRole('button', { name: 'Add', exact: true }).click();
      const benMail = await env.sink.waitForMail({ to: LATER.email, subject: /action #\d+ is assigned to you/ });
      expect(benMail.text).toContain(TRAINING);
      const progress = await call<{ data: { pendingUsers: { user: { id: string } }[] } }>(
        'GET',
        `/training-records/${trainingId}/completion-progress?organizationId=${organizationId}`,
        undefined,
        adminToken,
      );
      expect(progress.data.pendingUsers.map((p) => p.user.id)).toEqual([laterId]);

      // 7. The Admin links the training to the approved document from its Quality Actions tab.
      const documentId = await documentIdOf(organizationId, adminToken);
      await admin.goto(`${base}/documents/${documentId}`);
      await admin.getByRole('tab', { name: 'Quality Actions' }).click();
      await admin.getByRole('button', { name: 'Link Training' }).filter({ hasNotText: 'Create' }).click();
      const select = admin.getByLabel('Linked training');
      await select.click();
      await select.fill('gowning');
      await pick(admin, TRAINING);
      await admin.getByRole('button', { name: 'Link', exact: true }).click();
      await toast(admin, 'The training is linked to the document');
      await admin.getByRole('link', { name: TRAINING }).waitFor();
      await screenshot(admin, 'trainings-04-document-linked');

      // The approved revision asks everyone to pass the training for it: the trainee passes again.
      await trainee.goto(detailPath);
      await trainee.locator('.qualis-page-header').getByText('Pending').waitFor();
      await answer('B. Hair cover');
      await trainee.getByText('You passed the training.').waitFor();

      // 8. The trainee's HR record lists the training as passed.
      await admin.goto(`${base}/human-resources`);
      await admin
        .getByRole('row')
        .filter({ hasText: TRAINEE.lastName })
        .getByRole('cell', { name: TRAINEE.lastName, exact: true })
        .click();
      await admin.getByRole('link', { name: new RegExp(TRAINING) }).waitFor();
      expect(await admin.locator('main').textContent()).toMatch(/Passed/);
      await screenshot(admin, 'trainings-05-hr-record');

      // 9. The training's PDF from the list's Export menu, read and rendered as a PDF reader would.
      await admin.goto(`${base}/training-records`);
      await admin.getByRole('row').filter({ hasText: TRAINING }).getByRole('checkbox').check();
      const pdf = await exported(admin, 'Single PDF');
      expect(pdf.name).toMatch(/\.pdf$/);
      const text = (await pdfPages(pdf.bytes)).join('\n');
      for (const expected of [TRAINING, 'What do you put on first?', TRAINEE.lastName, LATER.lastName]) {
        expect(text).toContain(expected);
      }
      renderPdf(pdf.bytes, 'trainings-record');
    },
  );

  /** An approved (final) document that requires training, made by the Admin through the API; answers the Admin's token. */
  async function approvedDocumentRequiringTraining(organizationId: string, adminId: string) {
    const adminToken = await env.apiToken(ADMIN.email);
    const type = await call<{ data: { id: string } }>(
      'POST',
      `/organizations/${organizationId}/document-types`,
      { name: 'Standard Operating Procedure' },
      adminToken,
    );
    const fileId = await env.upload(organizationId, adminToken, {
      name: 'sop-gowning.pdf',
      type: 'application/pdf',
      bytes: await gowningPdf(),
    });
    const created = await call<{ data: { id: string } }>(
      'POST',
      '/documents',
      {
        organizationId,
        typeId: type.data.id,
        submitterId: adminId,
        name: DOCUMENT,
        revision: 1,
        revisionDescription: 'First issue',
        fileId,
      },
      adminToken,
    );
    const documentId = created.data.id;
    await call(
      'PUT',
      `/documents/${documentId}/quality-tasks`,
      { organizationId, revision: 1, reviewerIds: [], approverIds: [], requiresTraining: true },
      adminToken,
    );
    await call(
      'PATCH',
      `/documents/${documentId}/revision`,
      { organizationId, revision: 1, reason: 'Released' },
      adminToken,
    );
    return adminToken;
  }

  async function documentIdOf(organizationId: string, adminToken: string) {
    const list = await call<{ data: { id: string; name: string }[] }>(
      'GET',
      `/documents?organizationId=${organizationId}`,
      undefined,
      adminToken,
    );
    return list.data.find((d) => d.name === DOCUMENT)!.id;
  }
});
