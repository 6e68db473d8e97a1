import type { Page } from 'playwright-core';
import { Permission } from '@qualis/contract';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { journeyEnvironment, mainMenu, pick, samplePdf } from './support/journey.js';
import { req } from '../docs/requirements/req.js';

const ADMIN = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@search.e2e.qualis.test' };
const OPERATOR = { firstName: 'Alan', lastName: 'Turing', email: 'alan@search.e2e.qualis.test' };
const DOCUMENT = 'Pump maintenance';
/** Only inside the uploaded PDF: not in any name, description or field. */
const PHRASE = 'peristaltic tubing';
const ACTION = 'Check the pouch sealer';
const TAG = 'Sterile barrier';

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Global search' });
const results = (page: Page) => page.locator('.ant-table-tbody');

describe('search journey: a phrase inside a PDF finds its document; clear; tag search; no one finds what they may not open', () => {
  const env = journeyEnvironment('search');
  const { call, signedIn } = env;

  it(
    `finds a document by the text of its PDF, clears the box, searches by tag and hides it from a User ${req('SRCH-001', 'SRCH-002')}`,
    { timeout: 600_000 },
    async () => {
      env.screenshotOnFailure();
      // Set-up through the API: the organization, its Admin and a User who sees related actions only.
      const { token, organizationId } = await env.providerOrganization('Acme Medical');
      const [adminId, operatorId] = await Promise.all([
        env.onboard('client-admins', ADMIN, organizationId, token),
        env.onboard('client-users', OPERATOR, organizationId, token),
      ]);
      await env.group(organizationId, token, {
        name: 'Operators',
        permissions: [Permission.ViewRelatedActions],
        userIds: [operatorId],
      });

      // The Admin's document, whose PDF alone holds the phrase, and a tagged action.
      const adminToken = await env.apiToken(ADMIN.email);
      const type = await call<{ data: { id: string } }>(
        'POST',
        `/organizations/${organizationId}/document-types`,
        { name: 'Standard Operating Procedure' },
        adminToken,
      );
      const tag = await call<{ data: { id: string } }>(
        'POST',
        `/organizations/${organizationId}/tags`,
        { name: TAG },
        adminToken,
      );
      const fileId = await env.upload(organizationId, adminToken, {
        name: 'sop-31-pump.pdf',
        type: 'application/pdf',
        bytes: await samplePdf('SOP-31 Maintenance of the filling pump', [
          'Stop the line and lock out the pump.',
          `Replace the ${PHRASE} every forty operating hours.`,
          'Record the change in the maintenance log.',
        ]),
      });
      const document = await call<{ data: { id: string } }>(
        'POST',
        '/documents',
        {
          organizationId,
          typeId: type.data.id,
          submitterId: adminId,
          name: DOCUMENT,
          revision: 1,
          revisionName: null,
          revisionDescription: 'First issue',
          typeDescription: 'SOP-31',
          fileId,
          extraFileIds: [],
          tagIds: [],
        },
        adminToken,
      );
      await call(
        'POST',
        '/tasks',
        {
          organizationId,
          name: ACTION,
          description: 'Before the weekly run',
          dueDate: '2031-03-01',
          assignerId: adminId,
          assigneeId: adminId,
          tagIds: [tag.data.id],
        },
        adminToken,
      );
      const base = `/organizations/${organizationId}`;

      // The text of the PDF is read by a background job after the upload.
      await expect
        .poll(
          async () =>
            (
              await call<{ pagination: { totalCount: number } }>(
                'GET',
                `/${organizationId}/global-search?search=${encodeURIComponent(`"${PHRASE}"`)}`,
                undefined,
                adminToken,
              )
            ).pagination.totalCount,
          { timeout: 60_000, interval: 1000 },
        )
        .toBe(1);

      // 1. The Admin types the phrase in the top bar: the results page opens as they type.
      const admin = await signedIn(ADMIN);
      await admin.waitForURL(`**${base}/dashboard`);
      await searchBox(admin).fill(PHRASE);
      await admin.waitForURL(`**${base}/global-search?**`);
      const row = results(admin)
        .getByRole('row')
        .filter({ hasText: `SOP-31 ${DOCUMENT}` });
      await row.waitFor();
      await row.getByText('File sop-31-pump.pdf').waitFor();
      expect(await row.locator('mark').allTextContents()).toEqual(['peristaltic', 'tubing']);
      await screenshot(admin, 'search-01-phrase-in-pdf');

      // 2. The result opens the document at its revision.
      await row.getByRole('link', { name: `SOP-31 ${DOCUMENT}` }).click();
      await admin.waitForURL(`**${base}/documents/${document.data.id}?revision=1`);
      await admin.getByRole('tab', { name: 'General' }).waitFor();
      // Leaving the results page empties the box.
      await expect.poll(() => searchBox(admin).inputValue()).toBe('');

      // 3. Back to a search; the clear icon empties the box and the results.
      await searchBox(admin).fill('pump');
      await admin.waitForURL(`**${base}/global-search?**`);
      await results(admin)
        .getByRole('row')
        .filter({ hasText: `SOP-31 ${DOCUMENT}` })
        .waitFor();
      await admin.locator('.qualis-global-search .ant-input-clear-icon').click();
      await expect.poll(() => searchBox(admin).inputValue()).toBe('');
      await admin.getByText('Type in the search box above').waitFor();

      // 4. Tag mode: the tagged action, found by part of its tag's name.
      await admin.getByRole('combobox', { name: 'Search mode' }).click();
      await pick(admin, 'Tags');
      await searchBox(admin).fill('sterile');
      await admin.waitForURL(/mode=tag/);
      const tagged = results(admin).getByRole('row').filter({ hasText: ACTION });
      await tagged.waitFor();
      await tagged.locator('mark').filter({ hasText: TAG }).waitFor();
      expect(
        await results(admin)
          .getByRole('row')
          .filter({ hasText: `SOP-31 ${DOCUMENT}` })
          .count(),
      ).toBe(0);
      await screenshot(admin, 'search-02-tag-mode');
      await mainMenu(admin).getByRole('link', { name: 'Dashboard' }).click();
      await admin.waitForURL(`**${base}/dashboard`);
      await expect.poll(() => searchBox(admin).inputValue()).toBe('');

      // 5. The User may not open the Admin's document or action: the same searches find nothing.
      const operator = await signedIn(OPERATOR, { viewport: { width: 390, height: 844 } });
      await operator.waitForURL(`**${base}/**`);
      await operator.goto(`${env.server.url}${base}/global-search?q=${encodeURIComponent(PHRASE)}`);
      await operator.getByText('No results found').waitFor();
      await screenshot(operator, 'search-03-user-finds-nothing-390');
    },
  );
});
