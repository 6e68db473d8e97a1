import { Permission } from '@qualis/contract';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { pageHeader as header, respond } from './support/documents.js';
import { journeyEnvironment, pick, samplePdf, toast } from './support/journey.js';
import { req } from '../docs/requirements/req.js';

const ADMIN = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@lifecycle.e2e.qualis.test' };
const APPROVER = { firstName: 'Marie', lastName: 'Curie', email: 'marie@lifecycle.e2e.qualis.test' };
const TYPE = 'Standard Operating Procedure';
const DOCUMENT = 'Gowning procedure';
const DAY_MS = 24 * 60 * 60_000;

/**
 * Issue 24: a revision approved for tomorrow takes effect when the day comes (the journey moves
 * the server's clock, POST /api/test/clock, which runs the effect job and the review reminders),
 * then the document's periodic review ends 'Reviewed, no change'.
 */
describe('document lifecycle journey: a revision approved for tomorrow takes effect when the day comes; its periodic review', () => {
  // Wide enough for every default column of the list, State and Effective from among them.
  const env = journeyEnvironment('document-lifecycle', { viewport: { width: 1680, height: 900 } });
  const { call, signedIn } = env;

  it(
    `approves revision 2 with an effective date tomorrow, keeps revision 1 effective, then supersedes it; reviews it without change ${req('DOC-024', 'DOC-026', 'DOC-027', 'DOC-030', 'DOC-031', 'DOC-032')}`,
    { timeout: 600_000 },
    async () => {
      env.screenshotOnFailure();
      // Set-up through the API: the organization, a type reviewed every 12 months, the Admin and the
      // approver (each with an access code from its e-mail) and revision 1 of the document, approved
      // and so effective at once.
      const { token, organizationId } = await env.providerOrganization('Acme Medical');
      await call('POST', `/organizations/${organizationId}/document-types`, { name: TYPE }, token);
      const typeId = (
        await call<{ data: { id: string; name: string }[] }>(
          'GET',
          `/organizations/${organizationId}/document-types`,
          undefined,
          token,
        )
      ).data.find((t) => t.name === TYPE)!.id;
      const adminId = await env.onboard('client-admins', ADMIN, organizationId, token);
      const approverId = await env.onboard('client-users', APPROVER, organizationId, token);
      await env.group(organizationId, token, {
        name: 'Signers',
        permissions: [Permission.ViewRelatedActions],
        userIds: [approverId],
      });
      await call(
        'PUT',
        `/organizations/${organizationId}/document-types/${typeId}/review-interval`,
        { reviewIntervalMonths: 12 },
        token,
      );
      const codeOf = async (person: typeof ADMIN, id: string) => {
        await call('PATCH', `/verifications/user-access-code/${id}`, { organizationId }, token);
        const mail = await env.sink.waitForMail({ to: person.email, subject: 'Qualis: your access code' });
        const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
        if (!code) throw new Error(`no access code in "${mail.text}"`);
        return code;
      };
      const accessCode = await codeOf(APPROVER, approverId);
      const adminCode = await codeOf(ADMIN, adminId);
      const adminToken = await env.apiToken(ADMIN.email);
      const approverToken = await env.apiToken(APPROVER.email);
      const fileId = await env.upload(organizationId, adminToken, {
        name: 'sop-gowning.pdf',
        type: 'application/pdf',
        bytes: await samplePdf('SOP-21 Gowning', ['Put on the hood first.', 'Then the coverall.']),
      });
      const created = await call<{ data: { id: string } }>(
        'POST',
        '/documents',
        {
          organizationId,
          typeId,
          submitterId: adminId,
          name: DOCUMENT,
          typeDescription: 'SOP-21',
          revision: 1,
          revisionDescription: 'First issue.',
          fileId,
        },
        adminToken,
      );
      const documentId = created.data.id;
      await call(
        'PUT',
        `/documents/${documentId}/quality-tasks`,
        {
          organizationId,
          revision: 1,
          reviewerIds: [],
          approverIds: [approverId],
          requiresTraining: false,
          trainingRecordId: null,
        },
        adminToken,
      );
      await call(
        'POST',
        `/documents/${documentId}/approvals`,
        { organizationId, revision: 1, status: 0, accessCode },
        approverToken,
      );
      const base = `/organizations/${organizationId}`;
      const documentPath = `${base}/documents/${documentId}`;
      const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);

      // 1. The Admin adds revision 2 with an effective date tomorrow.
      const admin = await signedIn(ADMIN);
      await admin.goto(`${documentPath}?revision=1`);
      await header(admin).getByText('Approved', { exact: true }).waitFor();
      await admin.getByRole('button', { name: 'Add revision' }).click();
      await admin.getByRole('heading', { name: 'New revision 2' }).waitFor();
      await admin.getByLabel('Revision description', { exact: true }).fill('Gloves before the goggles.');
      await admin.getByLabel('Reason for change', { exact: true }).fill('Goggles tore the gloves put on after them.');
      await admin.getByLabel('Effective date', { exact: true }).fill(tomorrow);
      await screenshot(admin, 'lifecycle-01-new-revision-effective-date');
      await admin.getByRole('button', { name: 'Save' }).click();
      await toast(admin, 'The Document Revision is saved');
      await admin.waitForURL(/revision=2/);
      await admin.getByText(/^Takes effect on .+ once released$/).waitFor();

      // 2. The approver approves revision 2: released, but Pending until tomorrow.
      const approver = await signedIn(APPROVER);
      await approver.goto(`${documentPath}?revision=2`);
      await approver.getByRole('heading', { name: DOCUMENT }).waitFor();
      await approver.getByRole('tab', { name: 'Approval' }).click();
      await respond(approver, 'Approved', 'Released for tomorrow.');
      await approver.getByLabel('Access code').fill(accessCode);
      await approver.getByRole('button', { name: 'Save' }).click();
      await toast(approver, /Your approval is (signed|saved)/);
      await header(approver).getByText('Approved', { exact: true }).waitFor();
      await approver.context().close();

      // 3. The list still shows revision 1, Effective, with revision 2 waiting for its date beside it.
      await admin.goto(`${base}/documents`);
      const row = admin.getByRole('row').filter({ hasText: DOCUMENT });
      await row.getByText('Effective', { exact: true }).waitFor();
      await row.getByText(/^rev 2 effective on /).waitFor();
      expect(await row.getByRole('cell', { name: '1', exact: true }).count()).toBeGreaterThan(0);
      await screenshot(admin, 'lifecycle-02-list-rev-1-effective-rev-2-pending');
      // The detail opens on the effective revision; the selector marks both.
      await row.getByRole('link', { name: DOCUMENT }).click();
      await admin.waitForURL(/revision=1/);
      await admin.getByText(/^Effective since /).waitFor();
      await admin.getByLabel('Revision', { exact: true }).click();
      const option = (text: string) =>
        admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).waitFor();
      await option('Revision 2 · Approved · Final · Pending');
      await option('Revision 1 · Approved · Final · Effective');
      await screenshot(admin, 'lifecycle-03-selector-effective-and-pending', { fullPage: false });
      await admin.keyboard.press('Escape');

      // 4. The clock moves to tomorrow: the effect job makes revision 2 effective.
      const moved = await fetch(`${env.server.url}/api/test/clock`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ at: `${tomorrow}T00:30:00.000Z` }),
      });
      expect(moved.status).toBe(200);
      expect(((await moved.json()) as { madeEffective: number }).madeEffective).toBe(1);

      // 5. The list shows revision 2 Effective; revision 1 reads Superseded by revision 2.
      await admin.goto(`${base}/documents`);
      const after = admin.getByRole('row').filter({ hasText: DOCUMENT });
      await after.getByText('Effective', { exact: true }).waitFor();
      expect(await after.getByText(/^rev 2 /).count()).toBe(0);
      await screenshot(admin, 'lifecycle-04-list-rev-2-effective');
      await after.getByRole('link', { name: DOCUMENT }).click();
      await admin.waitForURL(/revision=2/);
      await admin.getByText(/^Effective since /).waitFor();
      await admin.getByLabel('Revision', { exact: true }).click();
      await pick(admin, 'Revision 1 · Approved · Final · Superseded');
      await admin.waitForURL(/revision=1/);
      await admin.getByText(/^Superseded by revision 2 on /).waitFor();
      await screenshot(admin, 'lifecycle-05-revision-1-superseded');

      // 6. Revision 2's review is due a year after it took effect; 30 days before (the organization's
      // reminder days), the clock moved there, the Responsible gets the action to review it.
      await admin.goto(`${documentPath}?revision=2`);
      const next = admin.getByText(/Next periodic review: .*\(every 12 months\)/);
      await next.waitFor();
      const dueOn = new Date(`${tomorrow}T00:00:00.000Z`);
      dueOn.setUTCFullYear(dueOn.getUTCFullYear() + 1);
      const remindAt = new Date(dueOn.getTime() - 30 * DAY_MS + 60 * 60_000);
      const reminded = await fetch(`${env.server.url}/api/test/clock`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ at: remindAt.toISOString() }),
      });
      expect(((await reminded.json()) as { reminders: number }).reminders).toBe(1);
      await admin.goto(`${base}/tasks`);
      await admin
        .getByText(/^Review SOP-21 .*Gowning procedure.* by /)
        .first()
        .waitFor();
      await screenshot(admin, 'lifecycle-06-review-reminder-action');

      // 7. 'Reviewed, no change', signed with the access code: the next review counts from today.
      await admin.goto(`${documentPath}?revision=2`);
      await next.waitFor();
      const before = await next.textContent();
      await admin.getByRole('button', { name: 'Reviewed, no change' }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByLabel('Reason: what you checked').fill('Checked against the current gowning practice.');
      await dialog.getByLabel('Access code').fill(adminCode);
      await screenshot(admin, 'lifecycle-07-no-change-dialog', { fullPage: false });
      await dialog.getByRole('button', { name: 'Sign' }).click();
      await toast(admin, /Reviewed, no change: the next review is on \d{2}\/\d{2}\/\d{4}$/);
      await admin.getByText(/Last reviewed without change on .* by Grace Hopper/).waitFor();
      expect(await next.textContent()).not.toBe(before);
      await screenshot(admin, 'lifecycle-08-reviewed');
    },
  );
});
