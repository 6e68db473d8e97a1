import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { journeyEnvironment, samplePdf, toast } from './support/journey.js';
import { req } from '../docs/requirements/req.js';

const ADMIN = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@periodic-review.e2e.qualis.test' };
const TYPE = 'Standard Operating Procedure';
const NAME = 'Cleanroom gowning';

/**
 * Issue 24, periodic review: a released document of a type with a review interval shows its next
 * review date; its responsible person signs 'Reviewed, no change', and the date moves on. (The
 * reminder action's job, driven by a moved clock, is covered by the API tests until the journeys
 * have a clock to move.)
 */
describe('periodic review journey: a released document is reviewed without change', () => {
  const env = journeyEnvironment('periodic-review');
  const { call, signedIn } = env;

  it(
    `shows the next review date and moves it on with 'Reviewed, no change' ${req('DOC-030', 'DOC-032')}`,
    { timeout: 600_000 },
    async () => {
      env.screenshotOnFailure();
      const { token, organizationId } = await env.providerOrganization('Acme Medical');
      const adminId = await env.onboard('client-admins', ADMIN, organizationId, token);
      const adminToken = await env.apiToken(ADMIN.email);
      const type = await call<{ data: { id: string } }>(
        'POST',
        `/organizations/${organizationId}/document-types`,
        { name: TYPE },
        adminToken,
      );
      await call(
        'PUT',
        `/organizations/${organizationId}/document-types/${type.data.id}/review-interval`,
        { reviewIntervalMonths: 12 },
        adminToken,
      );
      const fileId = await env.upload(organizationId, adminToken, {
        name: 'sop-007.pdf',
        type: 'application/pdf',
        bytes: await samplePdf('SOP-007 Cleanroom gowning', ['Put on the gown from the top down.']),
      });
      const doc = await call<{ data: { id: string } }>(
        'POST',
        '/documents',
        {
          organizationId,
          typeId: type.data.id,
          typeDescription: 'SOP-007',
          submitterId: adminId,
          name: NAME,
          revision: 1,
          revisionDescription: 'First issue',
          fileId,
          extraFileIds: [],
          tagIds: [],
        },
        adminToken,
      );
      await call(
        'PATCH',
        `/documents/${doc.data.id}/revision`,
        { organizationId, revision: 1, reason: 'Released without review' },
        adminToken,
      );
      await call('PATCH', `/verifications/user-access-code/${adminId}`, { organizationId }, token);
      const codeMail = await env.sink.waitForMail({ to: ADMIN.email, subject: 'Qualis: your access code' });
      const accessCode = /^\s*(\d{6})\s*$/m.exec(codeMail.text)?.[1];
      if (!accessCode) throw new Error(`no access code in "${codeMail.text}"`);

      // The Admin is the responsible person: the detail shows the next review date, a year on.
      const admin = await signedIn(ADMIN);
      await admin.goto(`${env.server.url}/organizations/${organizationId}/documents/${doc.data.id}`);
      const next = admin.getByText(/Next periodic review: .*\(every 12 months\)/);
      await next.waitFor();
      const before = await next.textContent();
      await screenshot(admin, 'periodic-review-01-next-date');

      await admin.getByRole('button', { name: 'Reviewed, no change' }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByLabel('Reason: what you checked').fill('Checked against the current gowning practice.');
      await dialog.getByLabel('Access code').fill(accessCode);
      await screenshot(admin, 'periodic-review-02-no-change-dialog');
      await dialog.getByRole('button', { name: 'Sign' }).click();
      await toast(admin, /Reviewed, no change: the next review is on/);
      await admin.getByText(/Last reviewed without change on .* by Grace Hopper/).waitFor();
      // Signed today, the date counts from today: the same day a year on.
      expect(await next.textContent()).toBe(before);
      await screenshot(admin, 'periodic-review-03-reviewed');
    },
  );
});
