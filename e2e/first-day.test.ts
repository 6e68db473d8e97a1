import type { Page } from 'playwright-core';
import { Permission } from '@qualis/contract';
import { describe, expect, it } from 'vitest';
import { motionDone, screenshot } from './support/browser.js';
import { choosePerson, pageHeader, respond, type SigningLabels } from './support/documents.js';
import { journeyEnvironment, listsClosed, mainMenu, pick, samplePdf, toast } from './support/journey.js';
import { JOURNEY_PASSWORD, nameOf, personText, type JourneyPerson } from './support/people.js';
import { submitQuizAnswer } from './support/trainings.js';
import { req } from '../docs/requirements/req.js';

const DOMAIN = 'first-day.e2e.qualis.test';
const person = (firstName: string, lastName: string): JourneyPerson => ({
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@${DOMAIN}`,
});
const ADMIN = person('Grace', 'Hopper');
const REVIEWER = person('Ada', 'Lovelace');
const APPROVER = person('Marie', 'Curie');
/** The second approver works in German. */
const GERMAN_APPROVER = person('Lise', 'Meitner');
const TRAINEES = [person('Alan', 'Turing'), person('Katherine', 'Johnson')] as const;

const TYPE = 'Standard Operating Procedure';
const DOCUMENT_ID = 'SOP-007';
const DOCUMENT = 'Cleanroom Gowning';
const FILE = 'sop-007-cleanroom-gowning.pdf';
const TRAINING = 'Cleanroom Gowning training';
const label = `${DOCUMENT_ID} "${DOCUMENT}" revision 1`;
/** The approval action as the German approver reads it. */
const approveInGerman = `${DOCUMENT_ID} „${DOCUMENT}“ Revision 1 freigeben`;

/** The German texts the second approver reads (apps/web/src/locales/de). */
const DE = {
  approvalTab: 'Freigabe',
  approved: 'Freigegeben',
  final: 'Endgültig',
  reviewed: 'Geprüft',
  accessCode: 'Zugangscode',
  signing: { comment: 'Kommentar', save: 'Speichern' } satisfies SigningLabels,
  signed: /Ihre Freigabe (ist unterschrieben|wurde gespeichert)/,
  codeSubject: 'Qualis: Ihr Zugangscode',
  bell: /^Benachrichtigungen, \d+ ungelesen$/,
};

const filePdf = () =>
  samplePdf(`${DOCUMENT_ID} ${DOCUMENT}`, [
    'Disinfect your hands and put on the hair cover.',
    'Step over the bench and put on the coverall, then the boots.',
    'Put on sterile gloves last and check the gown in the mirror.',
  ]);

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Global search' });
const dashboardEntry = (page: Page, name: string) =>
  page.locator('.qualis-dashboard__entries').getByRole('link', { name, exact: true });
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });

describe('first-day journey: a document is written, reviewed, approved in two languages, trained and found', () => {
  const env = journeyEnvironment('first-day');
  const { call, signedIn } = env;
  /** A full-page screenshot from the top (scrolled, the sticky top bar would be drawn mid-page). */
  const shot = async (page: Page, name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `first-day-${name}`);
  };

  /** The access code e-mailed to the person when they were named approver (no one asked for it). */
  async function accessCodeOf(approver: JourneyPerson, subject: string) {
    const mail = await env.sink.waitForMail({ to: approver.email, subject, timeoutMs: 30_000 });
    const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
    if (!code) throw new Error(`no access code in "${mail.text}"`);
    return { code, text: mail.text };
  }

  /** From the dashboard, the person opens their action on the document, and from it the document. */
  async function openDocumentFromDashboard(page: Page, action: string, documentPath: string) {
    await dashboardEntry(page, action).click();
    await page.waitForURL(/\/tasks\/[0-9a-f-]{36}$/);
    await page.locator(`a[href^="${documentPath}"]`).first().click();
    await page.waitForURL(`**${documentPath}**`);
    await page.getByRole('heading', { name: DOCUMENT }).waitFor();
  }

  /**
   * The 'Create & Link Training' screen as opened from the document. Another branch is adding a
   * banner ('Will be linked to SOP-007 revision 1') and a prefilled name: the assertions on what
   * the screen says about the document belong here, and only here.
   */
  async function expectTrainingForDocument(page: Page) {
    await page.getByRole('heading', { name: 'New Training Record' }).waitFor();
    await page.getByText(`Will be linked to ${DOCUMENT_ID} revision 1`).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(DOCUMENT);
  }

  /**
   * The trainee's assignment e-mail; signed in, they open the training from the dashboard and pass
   * it, after a wrong answer first when one is given. Answers their page.
   */
  async function passTraining(trainee: JourneyPerson, base: string, name: string, wrongAnswer?: string) {
    const assigned = await env.sink.waitForMail({ to: trainee.email, subject: /action #\d+ is assigned to you/ });
    expect(assigned.text).toContain(TRAINING);
    const page = await signedIn(trainee);
    await page.waitForURL(`**${base}/dashboard`);
    await page.getByRole('link', { name: `#1 ${TRAINING}`, exact: true }).click();
    await page.getByRole('heading', { name: TRAINING }).waitFor();
    await pageHeader(page).getByText('Pending').waitFor();
    if (wrongAnswer) {
      await submitQuizAnswer(page, wrongAnswer);
      await page.getByText('You did not pass the training.', { exact: false }).waitFor();
      await shot(page, `13-${name}-failed`);
    }
    await submitQuizAnswer(page, 'B. Sterile gloves');
    await page.getByText('You passed the training.').waitFor();
    await pageHeader(page).getByText('Passed').waitFor();
    await shot(page, `14-${name}-passed`);
    return page;
  }

  it(
    `plays the first day in the browser: wizard, review, two approvals with e-mailed codes (one in German), Create & Link Training, two passes, notifications, search ${req('DOC-002', 'DOC-005', 'DOC-006', 'SIG-010', 'SIG-011', 'SIG-013', 'DOC-016', 'TRN-003')}`,
    { timeout: 600_000 },
    async () => {
      env.screenshotOnFailure();
      // Set-up through the API: the organization and its document type, the Admin and five Users
      // onboarded through their welcome e-mails, and two groups that let the Users see the actions
      // related to them (a User who may see neither documents nor actions is blocked).
      const { token, organizationId } = await env.providerOrganization('Acme Medical');
      await call('POST', `/organizations/${organizationId}/document-types`, { name: TYPE }, token);
      const onboardUsers = (people: readonly JourneyPerson[]) =>
        Promise.all(people.map((p) => env.onboard('client-users', p, organizationId, token)));
      const [adminId, signerIds, traineeIds] = await Promise.all([
        env.onboard('client-admins', ADMIN, organizationId, token),
        onboardUsers([REVIEWER, APPROVER, GERMAN_APPROVER]),
        onboardUsers(TRAINEES),
      ]);
      await env.group(organizationId, token, {
        name: 'Signers',
        permissions: [Permission.ViewRelatedActions],
        userIds: signerIds,
      });
      await env.group(organizationId, token, {
        name: 'Operators',
        permissions: [Permission.ViewRelatedActions],
        userIds: traineeIds,
      });
      const base = `/organizations/${organizationId}`;

      // 0. Lise signs in for the first time and chooses Deutsch on the sign-in page: the language
      // on screen becomes the language of her e-mails.
      const lise = await env.newPage();
      await lise.goto('/login');
      await lise.getByRole('combobox', { name: 'Language' }).selectOption('de');
      await lise.getByLabel('E-Mail').fill(GERMAN_APPROVER.email);
      await lise.getByLabel('Passwort').fill(JOURNEY_PASSWORD);
      await shot(lise, '00-german-sign-in');
      await lise.getByRole('button', { name: 'Anmelden' }).click();
      await lise.waitForURL(`**${base}/dashboard`);
      await lise.getByRole('button', { name: DE.bell }).waitFor();

      // 1. The Admin writes SOP-007 through the wizard: General with a real PDF, Quality Actions
      // (one reviewer, two approvers, training required), References.
      const admin = await signedIn(ADMIN);
      await admin.waitForURL(`**${base}/dashboard`);
      await mainMenu(admin).getByRole('link', { name: 'Documents' }).click();
      await admin.waitForURL(`**${base}/documents`);
      await admin.getByRole('button', { name: 'Add New' }).click();
      await admin.waitForURL(`**${base}/documents/create`);
      await admin.getByLabel('Type', { exact: true }).click();
      await pick(admin, TYPE);
      await listsClosed(admin);
      await admin.getByLabel('Document ID', { exact: true }).fill(DOCUMENT_ID);
      await admin.getByLabel('Name', { exact: true }).fill(DOCUMENT);
      await admin.getByLabel('Revision description', { exact: true }).fill('First issue of the gowning procedure.');
      await admin
        .locator('input[type=file]')
        .first()
        .setInputFiles({ name: FILE, mimeType: 'application/pdf', buffer: await filePdf() });
      await admin.getByText(FILE).waitFor();
      await admin.getByText(personText(ADMIN)).waitFor(); // the Responsible, by default the creator
      await shot(admin, '01-wizard-general');
      await admin.getByRole('button', { name: 'Save' }).click();
      await toast(admin, 'Your document is created');

      await choosePerson(admin, 'Reviewers', REVIEWER);
      await admin.keyboard.press('Escape');
      await listsClosed(admin);
      await choosePerson(admin, 'Approvers', APPROVER);
      await choosePerson(admin, 'Approvers', GERMAN_APPROVER);
      await admin.keyboard.press('Escape');
      await listsClosed(admin);
      await admin.getByRole('checkbox', { name: 'Requires training' }).check();
      await shot(admin, '02-wizard-quality-actions');
      await admin.getByRole('button', { name: 'Save' }).click();
      await toast(admin, 'The quality actions are saved');

      await admin.getByLabel('Link of reference 1').fill('https://www.iso.org/standard/53394.html');
      await admin.getByLabel('Description of reference 1').fill('ISO 14644-5 Cleanroom operations');
      await shot(admin, '03-wizard-references');
      await admin.getByRole('button', { name: 'Save' }).click();
      await toast(admin, 'The references are saved');
      await admin.waitForURL(`**${base}/documents`);
      await admin.getByRole('row').filter({ hasText: DOCUMENT }).getByText('Submitted').waitFor();
      await shot(admin, '04-documents-list');
      const adminToken = await env.apiToken(ADMIN.email);
      const documents = await call<{ data: { id: string; name: string }[] }>(
        'GET',
        `/documents?organizationId=${organizationId}`,
        undefined,
        adminToken,
      );
      const documentPath = `${base}/documents/${documents.data.find((d) => d.name === DOCUMENT)!.id}`;

      // 2. The reviewer gets the e-mail, opens the action from the dashboard and signs the review.
      const mail = await env.sink.waitForMail({ to: REVIEWER.email, subject: /action #\d+ is assigned to you/ });
      expect(mail.text).toContain(`Review ${label}`);
      const reviewer = await signedIn(REVIEWER);
      await reviewer.waitForURL(`**${base}/dashboard`);
      await dashboardEntry(reviewer, `Review ${label}`).waitFor();
      await shot(reviewer, '05-reviewer-dashboard');
      await openDocumentFromDashboard(reviewer, `Review ${label}`, documentPath);
      await reviewer.getByRole('tab', { name: 'Review' }).click();
      await respond(reviewer, 'Reviewed', 'The order of the garments matches ISO 14644-5.');
      await shot(reviewer, '06-reviewer-review-form');
      await reviewer.getByRole('button', { name: 'Save' }).click();
      await toast(reviewer, /Your review is (signed|saved)/);
      await reviewer
        .locator('.ant-card.qualis-signature')
        .filter({ hasText: nameOf(REVIEWER) })
        .waitFor();
      await reviewer.context().close();

      // 3. Each approver's code came by e-mail when they were named, in their language: no Admin
      // generated it. Marie approves in English.
      const marieCode = await accessCodeOf(APPROVER, 'Qualis: your access code');
      const marie = await signedIn(APPROVER);
      await marie.waitForURL(`**${base}/dashboard`);
      await openDocumentFromDashboard(marie, `Approve ${label}`, documentPath);
      await pageHeader(marie).getByText('Reviewed', { exact: true }).waitFor();
      await marie.getByRole('tab', { name: 'Approval' }).click();
      await respond(marie, 'Approved', 'Released for the cleanroom.');
      await marie.getByLabel('Access code').fill(marieCode.code);
      await shot(marie, '07-approver-approval-form');
      await marie.getByRole('button', { name: 'Save' }).click();
      await toast(marie, /Your approval is (signed|saved)/);
      await marie
        .locator('.ant-card.qualis-signature')
        .filter({ hasText: nameOf(APPROVER) })
        .waitFor();
      expect(await pageHeader(marie).getByText('Final', { exact: true }).count()).toBe(0);
      await marie.context().close();

      // Lise, in German: her code e-mail is German, and so is her whole approval.
      const liseCode = await accessCodeOf(GERMAN_APPROVER, DE.codeSubject);
      expect(liseCode.text).toContain('Ihr neuer Zugangscode');
      await lise.reload();
      await dashboardEntry(lise, approveInGerman).waitFor();
      await shot(lise, '08-german-approver-dashboard');
      await openDocumentFromDashboard(lise, approveInGerman, documentPath);
      await pageHeader(lise).getByText(DE.reviewed, { exact: true }).waitFor();
      await lise.getByRole('tab', { name: DE.approvalTab }).click();
      await respond(lise, DE.approved, 'Für den Reinraum freigegeben.', DE.signing);
      await lise.getByLabel(DE.accessCode).fill(liseCode.code);
      await shot(lise, '09-german-approver-approval-form');
      await lise.getByRole('button', { name: DE.signing.save }).click();
      await toast(lise, DE.signed);
      const signature = lise.locator('.ant-card.qualis-signature').filter({ hasText: nameOf(GERMAN_APPROVER) });
      await signature.getByText(DE.approved, { exact: true }).waitFor();
      await pageHeader(lise).getByText(DE.approved, { exact: true }).waitFor();
      await pageHeader(lise).getByText(DE.final, { exact: true }).waitFor();
      await shot(lise, '10-german-approver-approved');
      await lise.context().close();

      // 4. The Admin's dashboard asks for a training for the approved revision: from the document's
      // Quality Actions tab, Create & Link Training, for the Operators group, with a one-question quiz.
      await mainMenu(admin).getByRole('link', { name: 'Dashboard' }).click();
      await admin.waitForURL(`**${base}/dashboard`);
      await openDocumentFromDashboard(admin, `Link a training to ${label}`, documentPath);
      await pageHeader(admin).getByText('Approved', { exact: true }).waitFor();
      await admin.getByRole('tab', { name: 'Quality Actions' }).click();
      await admin.getByRole('button', { name: 'Create & Link Training' }).click();
      await admin.waitForURL(`**${base}/training-records/create`);
      await expectTrainingForDocument(admin);
      await admin.getByLabel('Name', { exact: true }).fill(TRAINING);
      await admin.getByLabel('Description', { exact: true }).fill(`Gowning as ${DOCUMENT_ID} revision 1 describes it.`);
      const assignees = admin.getByLabel('Assignees', { exact: true });
      await assignees.click();
      await assignees.fill('Oper');
      await pick(admin, 'Operators (users: 2)');
      await admin.keyboard.press('Escape');
      await listsClosed(admin);
      await admin.getByRole('button', { name: 'Add question' }).click();
      await admin.getByLabel('Text of question 1').fill('What do you put on last?');
      await admin.getByLabel('Answer A of question 1', { exact: true }).fill('The hair cover');
      await admin.getByLabel('Answer B of question 1', { exact: true }).fill('Sterile gloves');
      await admin.getByLabel('Answer B of question 1 is correct').check();
      await expect.poll(() => admin.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
      await shot(admin, '11-create-and-link-training');
      await admin.getByRole('button', { name: 'Save' }).click();
      await toast(admin, 'The training is linked to the document');
      await admin.waitForURL(`**${documentPath}**`);
      await admin.getByRole('tab', { name: 'Quality Actions' }).click();
      await admin.getByText('Linked training', { exact: true }).waitFor();
      await admin.getByRole('link', { name: TRAINING }).waitFor();
      expect(await admin.getByRole('button', { name: 'Create & Link Training' }).count()).toBe(0);
      await shot(admin, '12-document-training-linked');

      // 5. The trainees pass it from their dashboard; Alan fails once first.
      const katherine = await passTraining(TRAINEES[1], base, 'trainee-2');
      await katherine.context().close();
      const alan = await passTraining(TRAINEES[0], base, 'trainee-1', 'A. The hair cover');

      // 6. Two more actions for Alan's first day (creating one in the browser is the actions
      // journey's): his bell counts them without a reload. He opens Notifications from the bell,
      // dismisses one, then all; the badge goes.
      for (const name of ['Collect your cleanroom badge', 'Sign the gowning log']) {
        await call(
          'POST',
          '/tasks',
          {
            organizationId,
            name,
            description: 'First day in the cleanroom.',
            dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
            assignerId: adminId,
            assigneeId: traineeIds[0],
            tagIds: [],
          },
          adminToken,
        );
      }
      await alan.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor({ timeout: 15_000 });
      // The bell opens on a spinner and then lists the latest three, which slide in; a refresh
      // (the stream) can slide them in again. Show all is clicked once they stand still, and again
      // if a refresh still took the click (seen once in 7 runs after the first two waits).
      await bell(alan).click();
      const dropdown = alan.getByRole('dialog', { name: 'Notifications' });
      await dropdown.getByText('Sign the gowning log').waitFor();
      await expect.poll(() => dropdown.getByRole('listitem').count()).toBe(3);
      await expect
        .poll(
          async () => {
            await motionDone(alan);
            if (!(await dropdown.isVisible())) await bell(alan).click();
            await dropdown
              .getByRole('button', { name: 'Show all' })
              .click({ timeout: 5_000 })
              .catch(() => undefined);
            return new URL(alan.url()).pathname;
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(`${base}/notifications`);
      const entries = alan.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
      await expect.poll(() => entries.count()).toBe(3);
      expect(await alan.getByRole('button', { name: 'See action' }).count()).toBe(3);
      expect(await alan.getByRole('button', { name: 'Dismiss', exact: true }).count()).toBe(2);
      await shot(alan, '15-notifications');
      await alan.getByRole('button', { name: 'Dismiss', exact: true }).first().click();
      await toast(alan, 'The notification is dismissed');
      await alan.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
      await expect.poll(() => alan.getByRole('button', { name: 'Dismiss', exact: true }).count()).toBe(1);
      await alan.getByRole('button', { name: 'Dismiss all' }).click();
      await toast(alan, 'All notifications are dismissed');
      await alan.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
      await expect.poll(() => bell(alan).locator('.ant-badge-count').count()).toBe(0); // after its fade-out
      expect(await alan.getByRole('button', { name: 'Dismiss', exact: true }).count()).toBe(0);
      expect(await alan.getByRole('button', { name: 'Dismiss all' }).isDisabled()).toBe(true);
      await shot(alan, '16-notifications-dismissed');
      await alan.context().close();

      // 7. The Admin searches the document's name in the top bar: the document is found and opens.
      await searchBox(admin).fill(DOCUMENT);
      await admin.waitForURL(`**${base}/global-search?**`);
      const rows = admin.locator('.ant-table-tbody .ant-table-row');
      const found = rows.filter({ hasText: `${DOCUMENT_ID} ${DOCUMENT}` });
      await found.getByRole('link', { name: `${DOCUMENT_ID} ${DOCUMENT}` }).waitFor();
      await shot(admin, '17-search');
      // The document whose name is the query ranks first, above its training and the automatic
      // actions that quote its name.
      expect(await rows.first().textContent(), 'the first result').toContain(`${DOCUMENT_ID} ${DOCUMENT}`);
      await found.getByRole('link', { name: `${DOCUMENT_ID} ${DOCUMENT}` }).click();
      await admin.waitForURL(`**${documentPath}?revision=1`);
      await pageHeader(admin).getByText('Approved', { exact: true }).waitFor();
    },
  );
});
