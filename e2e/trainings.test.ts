import { Permission } from '@qualis/contract';
import { describe, expect, it, onTestFailed } from 'vitest';
import { checkPage } from './support/accessibility.js';
import { screenshot } from './support/browser.js';
import { type JourneyPerson } from './support/people.js';
import { SUPERADMIN } from './support/server.js';
import { journeyEnvironment, listsClosed, mainMenu, pick, toast } from './support/journey.js';

const ADMIN = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@trainings.e2e.qualis.test' };
const TRAINEE = { firstName: 'Alan', lastName: 'Turing', email: 'alan@trainings.e2e.qualis.test' };
const TRAINING = 'Clean room gowning';

const personText = (p: JourneyPerson) => `${p.firstName} ${p.lastName} (${p.email})`;

describe('training journey: an Admin writes a training with a quiz, a User passes it, the progress shows it', () => {
  // axe-core is injected beside the app, so the contexts bypass the CSP.
  const env = journeyEnvironment('trainings', { bypassCSP: true });
  const { call, signedIn } = env;

  it(
    'creates a training, fails and then passes it as the assignee, and checks the pages at 390 and 1400 px',
    { timeout: 600_000 },
    async () => {
      onTestFailed(async () => {
        const pages = env.browser.contexts().flatMap((c) => c.pages());
        for (const [index, page] of pages.entries()) {
          await screenshot(page, `trainings-failed-${index + 1}`).catch(() => undefined);
        }
      });
      // Set-up through the API: the organization, the Admin, and a User whose group lets them see
      // the actions related to them (a User who may see neither documents nor actions is blocked).
      const sa = await call<{ data: { token: { accessToken: string } } }>('POST', '/sessions', SUPERADMIN);
      const token = sa.data.token.accessToken;
      const organization = await call<{ data: { id: string } }>(
        'POST',
        '/organizations',
        { name: 'Acme Medical' },
        token,
      );
      const organizationId = organization.data.id;
      await env.onboard('client-admins', ADMIN, organizationId, token);
      const traineeId = await env.onboard('client-users', TRAINEE, organizationId, token);
      const group = await call<{ data: { id: string } }>(
        'POST',
        '/user-groups',
        { organizationId, name: 'Operators' },
        token,
      );
      await call(
        'PUT',
        `/user-groups/${group.data.id}/settings`,
        { organizationId, type: Permission.ViewRelatedActions },
        token,
      );
      await call(
        'POST',
        `/user-groups/${group.data.id}/add`,
        { organizationId, users: [{ userId: traineeId, trainingIds: [] }] },
        token,
      );
      const base = `/organizations/${organizationId}`;

      // 1. The Admin opens Training records from the menu: the empty list, then Add New.
      const admin = await signedIn(ADMIN.email);
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
      const trainee = await signedIn(TRAINEE.email);
      await trainee.waitForURL(`**${base}/dashboard`);
      await trainee.getByRole('link', { name: `#1 ${TRAINING}`, exact: true }).click();
      await trainee.getByRole('heading', { name: TRAINING }).waitFor();
      await trainee.locator('.qualis-page-header').getByText('Pending').waitFor();
      expect(await trainee.getByText('correct answer').count()).toBe(0);
      const answer = async (choice: string) => {
        await trainee.getByRole('button', { name: 'Pass training' }).click();
        await trainee.getByLabel(choice).check();
        await trainee.getByLabel(/I have acknowledged and understood/).check();
        expect(await trainee.getByRole('button', { name: 'Submit answers' }).isDisabled()).toBe(true);
        await trainee.getByLabel(/I may ask my supervisor/).check();
        await trainee.getByRole('button', { name: 'Submit answers' }).click();
      };
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
    },
  );
});
