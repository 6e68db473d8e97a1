import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DocumentApprovals, DocumentRow } from '@qualis/contract';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../session/session-store';
import { EVERY_FLAG, jsonResponse, renderApp, stubApi, testTokens, testUser } from '../../test/app';
import { DOC, FILE, TYPE, documentDetail as detail, file } from '../../test/documents';
import { ada, LAZY, me, NOT_FOUND, ORG, organizationAnswer, preparePages, SOON, uma } from '../../test/organization';

/** The machine may be busy: a whole journey through a page gets a minute and a half. */
const SLOW = 90_000;
const OTHER_DOC = '0190a8e4-0000-7000-8000-0000000000b2';

const row = (overrides: Partial<DocumentRow> = {}): DocumentRow => ({
  id: DOC,
  type: 'SOP',
  typeId: TYPE,
  typeDescription: 'SOP-12',
  name: 'Cleaning procedure',
  number: 3,
  revision: 2,
  isFinal: false,
  status: 'Submitted',
  approvedAt: null,
  reviewedAt: null,
  file,
  canBeDeleted: true,
  ...overrides,
});

const approvals = (overrides: Partial<DocumentApprovals> = {}): DocumentApprovals => ({
  revision: 2,
  status: 'InProgress',
  approvedAt: null,
  canAddApproval: true,
  hasValidAccessCode: true,
  pending: [uma],
  approvals: [
    {
      id: '0190a8e4-0000-7000-8000-0000000000e1',
      userId: ada.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      signerName: 'Ada Lovelace',
      email: ada.email,
      comment: 'Fine by me',
      responseStatus: 0,
      meaning: 'Approved',
      signedAt: '2030-04-02T10:00:00.000Z',
      fileSha256: 'ab'.repeat(32),
      signatureMatches: false,
    },
  ],
  earlierSignatures: [
    {
      id: '0190a8e4-0000-7000-8000-0000000000e0',
      userId: uma.id,
      firstName: 'Uma',
      lastName: 'User',
      signerName: 'Uma User',
      email: uma.email,
      comment: 'Section 3 is wrong',
      responseStatus: 1,
      meaning: 'Rejected',
      signedAt: '2030-04-01T09:00:00.000Z',
      fileSha256: 'ab'.repeat(32),
      signatureMatches: true,
      cycle: 1,
    },
  ],
  ...overrides,
});

const common = (route: string) =>
  route === `GET /api/v1/organizations/${ORG}/document-types`
    ? jsonResponse(200, { data: [{ id: TYPE, name: 'SOP' }] })
    : organizationAnswer(route);

preparePages(
  () => import('../../pages/DocumentsPage'),
  () => import('../../pages/DocumentCreatePage'),
  () => import('../../pages/DocumentDetailPage'),
);

describe('List of Documents', () => {
  it(
    'shows the empty text and no Add New without canAddDocuments',
    async () => {
      sessionStore.start(testUser({ role: 'User' }), testTokens, false);
      stubApi((route) => {
        if (route === 'GET /api/v1/documents') return jsonResponse(200, { data: [], pagination: { totalCount: 0 } });
        if (route === 'GET /api/v1/users/me')
          return jsonResponse(200, { data: { ...EVERY_FLAG, canAddDocuments: false } });
        return common(route) ?? NOT_FOUND();
      });
      renderApp(`/organizations/${ORG}/documents`);

      expect(await screen.findByText('List of Documents', {}, LAZY)).toBeTruthy();
      expect(await screen.findByText('There are no Documents to display', {}, SOON)).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Add New/ })).toBeNull();
    },
    SLOW,
  );

  it(
    'shows the default columns, Delete by the row flag, the type filter and exports; a row opens its revision',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const rows = [
        row({ status: 'Approved', isFinal: true }),
        row({ id: OTHER_DOC, number: 4, name: 'Line clearance', canBeDeleted: false, revision: 1 }),
      ];
      const fetch = stubApi((route) => {
        if (route === 'GET /api/v1/documents') return jsonResponse(200, { data: rows, pagination: { totalCount: 2 } });
        if (route === `GET /api/v1/documents/${OTHER_DOC}`)
          return jsonResponse(200, { data: detail({ id: OTHER_DOC, name: 'Line clearance' }) });
        return common(route) ?? NOT_FOUND();
      });
      const view = renderApp(`/organizations/${ORG}/documents`);
      const { container } = view;

      expect(await screen.findByText('Cleaning procedure', {}, LAZY)).toBeTruthy();
      // Cheap queries: role queries with names are slow on a whole page in jsdom.
      expect(screen.getByText('Add New')).toBeTruthy();
      const headers = [...container.querySelectorAll('thead th')].map((h) => h.textContent ?? '');
      for (const title of ['Document ID', 'Name', 'System #', 'Revision', 'Final', 'Status', 'Approved at', 'File']) {
        expect(
          headers.some((h) => h.includes(title)),
          title,
        ).toBe(true);
      }
      expect(headers.some((h) => h.includes('Reviewed at'))).toBe(false);
      const first = screen.getByText('Cleaning procedure').closest('tr')!;
      expect(within(first).getByText('Approved')).toBeTruthy();
      expect(within(first).getByLabelText('Download sop-12.pdf')).toBeTruthy();

      expect(within(first).getByLabelText('Delete: Cleaning procedure')).toBeTruthy();
      const second = screen.getByText('Line clearance').closest('tr')!;
      expect(within(second).getByLabelText('View details: Line clearance')).toBeTruthy();
      expect(within(second).getByLabelText('Edit: Line clearance')).toBeTruthy();
      expect(within(second).queryByLabelText(/^Delete:/)).toBeNull();

      // The type filter goes to the server as docTypeIds.
      fireEvent.mouseDown(screen.getByLabelText('Filter by document types'));
      fireEvent.click(await screen.findByText('SOP', { selector: '.ant-select-item-option-content' }, SOON));
      await waitFor(() =>
        expect(fetch.mock.calls.some(([url]) => new URL(url, 'http://x').searchParams.get('docTypeIds') === TYPE)).toBe(
          true,
        ),
      );

      // Export: the three list exports and Attachments, whose Export waits for a type.
      fireEvent.click(screen.getByText('Export'));
      for (const entry of ['CSV file', 'PDF archive', 'Single PDF']) {
        expect(await screen.findByText(entry, {}, SOON)).toBeTruthy();
      }
      fireEvent.click(screen.getByText('Attachments'));
      const dialog = (await screen.findByText('Export Attachments', {}, SOON)).closest<HTMLElement>('.ant-modal')!;
      const exportButton = within(dialog).getByText('Export').closest('button')!;
      expect(exportButton.disabled).toBe(true);
      fireEvent.click(within(dialog).getByLabelText('Select All'));
      await waitFor(() => expect(exportButton.disabled).toBe(false));

      fireEvent.click(within(screen.getByText('Line clearance').closest('tr')!).getByText('4'));
      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/documents/${OTHER_DOC}?revision=1`));
    },
    SLOW,
  );
});

describe('New Document', () => {
  it(
    'guards the later steps, asks for the required fields, creates, saves Quality Actions, and keeps one reference row',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const posts: unknown[] = [];
      const qualityPuts: unknown[] = [];
      stubApi((route, body) => {
        if (route === 'POST /api/v1/upload/file')
          return jsonResponse(201, {
            data: {
              ...file,
              organizationId: ORG,
              contentType: 'application/pdf',
              sha256: 'ab'.repeat(32),
              createdAt: '2030-04-01T09:30:00.000Z',
            },
          });
        if (route === 'POST /api/v1/documents') {
          posts.push(body);
          return jsonResponse(201, {
            data: detail({ revision: 1, latestRevision: 1, approverIds: [] }),
            message: 'Your document is created',
          });
        }
        if (route === `PUT /api/v1/documents/${DOC}/quality-tasks`) {
          qualityPuts.push(body);
          return jsonResponse(200, {
            data: {
              revision: 1,
              reviewers: [],
              approvers: [uma],
              reviewerIds: [],
              approverIds: [uma.id],
              canBeEdited: true,
              canEditTraining: true,
              requiresTraining: true,
              trainingRecordId: null,
              trainingRecord: null,
            },
            message: 'The quality actions are saved',
          });
        }
        return common(route) ?? NOT_FOUND();
      });
      const { container } = renderApp(`/organizations/${ORG}/documents/create`);

      const save = (await screen.findByText('Save', {}, LAZY)).closest('button')!;
      expect(screen.getByText('Back to List').closest('a')!.getAttribute('href')).toBe(
        `/organizations/${ORG}/documents`,
      );
      fireEvent.click(screen.getByText('Quality Actions'));
      expect(
        await screen.findByText('Please save your document data in the "General" section first', {}, SOON),
      ).toBeTruthy();

      fireEvent.click(save);
      expect(await screen.findByText('Fill all required fields', {}, SOON)).toBeTruthy();

      fireEvent.mouseDown(screen.getByLabelText('Type'));
      fireEvent.click(await screen.findByText('SOP', { selector: '.ant-select-item-option-content' }, SOON));
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Cleaning procedure ' } });
      fireEvent.change(screen.getByLabelText('Revision description'), { target: { value: 'First issue' } });
      const input = container.querySelector<HTMLInputElement>('#fileId')!;
      fireEvent.change(input, {
        target: { files: [new File(['%PDF-1.7'], 'sop-12.pdf', { type: 'application/pdf' })] },
      });
      expect(await screen.findByText('sop-12.pdf', {}, SOON)).toBeTruthy();
      fireEvent.click(save);

      expect(await screen.findByText('Your document is created', {}, SOON)).toBeTruthy();
      expect(posts).toEqual([
        {
          organizationId: ORG,
          typeId: TYPE,
          submitterId: me.id,
          name: 'Cleaning procedure',
          revision: 1,
          revisionName: null,
          revisionDescription: 'First issue',
          typeDescription: null,
          fileId: FILE,
          extraFileIds: [],
          tagIds: [],
        },
      ]);

      // Quality Actions: an approver and training, saved with isCreating.
      fireEvent.mouseDown(await screen.findByLabelText('Approvers', {}, SOON));
      fireEvent.click(await screen.findByText('Uma User (uma@example.com)', {}, SOON));
      fireEvent.click(screen.getByLabelText('Requires training'));
      fireEvent.click(screen.getByText('Save'));
      expect(await screen.findByText('The quality actions are saved', {}, SOON)).toBeTruthy();
      expect(qualityPuts).toEqual([
        {
          organizationId: ORG,
          revision: 1,
          reviewerIds: [],
          approverIds: [uma.id],
          requiresTraining: true,
          isCreating: true,
        },
      ]);

      // References: one empty row, whose delete is disabled; a second row enables both.
      const remove = (await screen.findByLabelText('Delete reference 1', {}, SOON)) as HTMLButtonElement;
      expect(remove.disabled).toBe(true);
      fireEvent.click(screen.getByText('Add reference'));
      await waitFor(() => expect(remove.disabled).toBe(false));
      fireEvent.change(screen.getByLabelText('Link of reference 2'), { target: { value: 'ftp://example.com' } });
      expect(await screen.findByText('A link must start with http:// or https://', {}, SOON)).toBeTruthy();
    },
    SLOW,
  );
});

describe('Document detail', () => {
  it(
    'shows the tabs its flags allow, no Edit on a locked revision, and signs an approval with the code as typed',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const signed: unknown[] = [];
      const fetch = stubApi((route, body) => {
        if (route === `GET /api/v1/documents/${DOC}`)
          return jsonResponse(200, { data: detail({ isLocked: true, canBeEdited: false, canAddRevision: false }) });
        if (route === `GET /api/v1/documents/${DOC}/controlled-copy`)
          return new Response('%PDF-1.7', {
            status: 200,
            headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="copy.pdf"' },
          });
        if (route === `GET /api/v1/documents/${DOC}/approvals`) return jsonResponse(200, { data: approvals() });
        if (route === `POST /api/v1/documents/${DOC}/approvals`) {
          signed.push(body);
          return jsonResponse(400, {
            errors: [{ code: 'VALIDATION', field: 'accessCode', message: 'The access code is incorrect.' }],
          });
        }
        return common(route) ?? NOT_FOUND();
      });
      const { container } = renderApp(`/organizations/${ORG}/documents/${DOC}?revision=2`);

      expect(await screen.findByText('New detergent', {}, LAZY)).toBeTruthy();
      expect(container.querySelector('h1')!.textContent).toBe('Cleaning procedure');
      const tabs = [...container.querySelectorAll('[role="tab"]')];
      expect(tabs.map((tab) => tab.textContent)).toEqual([
        'General',
        'Quality Actions',
        'References',
        'Approval',
        'History',
      ]);
      expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
      // No Edit a person cannot use (spec 03 section 6): the note says why the revision stays as it is.
      expect(screen.queryByText('Edit')).toBeNull();
      expect(
        screen.getByText('This revision cannot be edited: it is final, or its review or approval is in progress.'),
      ).toBeTruthy();
      expect(screen.queryByText('Add revision')).toBeNull();
      // The controlled copy of a PDF, of the revision shown, even while the revision is locked.
      fireEvent.click(screen.getByText('Controlled copy (PDF)'));
      await waitFor(() =>
        expect(
          fetch.mock.calls.some(([url]) => /\/documents\/[^/]+\/controlled-copy\?.*revision=2/.test(String(url))),
        ).toBe(true),
      );

      fireEvent.click(tabs[3]!);
      const panel = (await screen.findByText('In Progress', {}, SOON)).closest<HTMLElement>('[role="tabpanel"]')!;
      expect(within(panel).getByText('Ada Lovelace')).toBeTruthy();
      expect(within(panel).getByText('Fine by me')).toBeTruthy();
      expect(within(panel).getByText(/The controlled file has changed since this signature/)).toBeTruthy();
      expect(within(panel).getByText('Uma User (uma@example.com)')).toBeTruthy();
      const earlier = within(panel).getByRole('region', {
        name: 'Earlier responses (before the revision was changed)',
      });
      expect(within(earlier).getByText('Uma User')).toBeTruthy();
      expect(within(earlier).getByText('Section 3 is wrong')).toBeTruthy();

      const save = within(panel).getByText('Save').closest('button')!;
      expect(save.disabled).toBe(true);
      const code = screen.getByLabelText('Access code') as HTMLInputElement;
      expect(code.type).toBe('password');
      expect(code.inputMode).toBe('numeric');
      expect(code.autocomplete).toBe('one-time-code');
      fireEvent.click(screen.getByLabelText('Approved'));
      await waitFor(() => expect(save.disabled).toBe(false));
      fireEvent.change(code, { target: { value: '012345' } });
      fireEvent.change(screen.getByLabelText('Comment'), { target: { value: ' Looks right ' } });
      fireEvent.click(save);

      expect(await screen.findAllByText('The access code is incorrect.', {}, SOON)).not.toHaveLength(0);
      expect(signed).toEqual([
        { organizationId: ORG, revision: 2, status: 0, comment: 'Looks right', accessCode: '012345' },
      ]);
    },
    SLOW,
  );

  it(
    'adds the next revision from the current one and opens it, then deletes it back to the default revision',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const revisionTwo = detail({ canDeleteRevision: true });
      const revisionThree = detail({
        revision: 3,
        latestRevision: 3,
        revisionDescription: 'Third issue',
        canDeleteRevision: true,
        revisions: [{ revision: 3, status: 'Submitted', isFinal: false, revisionName: null }, ...revisionTwo.revisions],
      });
      let current = revisionTwo;
      const added: unknown[] = [];
      const fetch = stubApi((route, body) => {
        if (route === `GET /api/v1/documents/${DOC}`) return jsonResponse(200, { data: current });
        if (route === `PUT /api/v1/documents/${DOC}/revision`) {
          added.push(body);
          current = revisionThree;
          return jsonResponse(200, { data: { id: DOC, revision: 3 }, message: 'The Document Revision is saved' });
        }
        if (route === `DELETE /api/v1/documents/${DOC}/revision`) {
          current = revisionTwo;
          return jsonResponse(200, { data: { id: DOC, revision: 3 }, message: 'The Document Revision is deleted' });
        }
        if (route === `GET /api/v1/documents/${DOC}/approvals`) return jsonResponse(200, { data: approvals() });
        return common(route) ?? NOT_FOUND();
      });
      const view = renderApp(`/organizations/${ORG}/documents/${DOC}`);
      const { container } = view;

      fireEvent.click((await screen.findByText('Add revision', {}, LAZY)).closest('button')!);
      expect(await screen.findByText('New revision 3', {}, SOON)).toBeTruthy();
      // Review and Approval are hidden while adding; History is the document's, not the revision's.
      expect([...container.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent)).toEqual([
        'General',
        'Quality Actions',
        'References',
        'History',
      ]);
      const revision = screen.getByLabelText('Revision') as HTMLInputElement;
      expect(revision.value).toBe('3');
      expect(revision.disabled).toBe(true);
      // What the new revision changes is written anew: revision 2's name and description are not carried over.
      expect((screen.getByLabelText('Revision name') as HTMLInputElement).value).toBe('');
      expect((screen.getByLabelText('Revision description') as HTMLTextAreaElement).value).toBe('');
      expect(screen.getByText('Save').closest('button')!.disabled).toBe(true);
      expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Cleaning procedure');
      fireEvent.change(screen.getByLabelText('Revision description'), { target: { value: 'Third issue' } });
      const save = screen.getByText('Save').closest('button')!;
      await waitFor(() => expect(save.disabled).toBe(false));
      fireEvent.click(save);

      expect(await screen.findByText('The Document Revision is saved', {}, SOON)).toBeTruthy();
      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/documents/${DOC}?revision=3`));
      expect(added).toEqual([
        expect.objectContaining({
          organizationId: ORG,
          id: DOC,
          revision: 3,
          name: 'Cleaning procedure',
          revisionDescription: 'Third issue',
          fileId: FILE,
          submitterId: ada.id,
          approverIds: [uma.id],
          references: [],
        }),
      ]);
      expect(await screen.findByText('Third issue', {}, SOON)).toBeTruthy();

      fireEvent.click(screen.getByText('Delete revision').closest('button')!);
      const dialog = (await screen.findByText(/Delete revision 3 of this document/, {}, SOON)).closest<HTMLElement>(
        '.ant-modal',
      )!;
      fireEvent.click(within(dialog).getByText('Delete').closest('button')!);
      expect(await screen.findByText('The Document Revision is deleted', {}, SOON)).toBeTruthy();
      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/documents/${DOC}`));
      expect(await screen.findByText('New detergent', {}, SOON)).toBeTruthy();
      const deleted = fetch.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
      expect(new URL(deleted[0], 'http://x').searchParams.get('revision')).toBe('3');
    },
    SLOW,
  );

  it(
    'sets a revision as final only for a reason, reads Final afterwards, and deletes the final document for a reason',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const draft = detail({ approverIds: [], canSetAsFinal: true });
      const final = detail({
        approverIds: [],
        isFinal: true,
        releasedRevision: 2,
        finalAt: '2030-04-03T08:00:00.000Z',
        revisions: [{ ...draft.revisions[0]!, isFinal: true }, draft.revisions[1]!],
      });
      let current = draft;
      const finals: unknown[] = [];
      const fetch = stubApi((route, body) => {
        if (route === `GET /api/v1/documents/${DOC}`) return jsonResponse(200, { data: current });
        if (route === `PATCH /api/v1/documents/${DOC}/revision`) {
          finals.push(body);
          current = final;
          return jsonResponse(200, { data: final, message: 'The Document Revision is set as final' });
        }
        if (route === 'DELETE /api/v1/documents')
          return jsonResponse(200, { data: { ids: [DOC] }, message: 'The Document is deleted' });
        if (route === 'GET /api/v1/documents') return jsonResponse(200, { data: [], pagination: { totalCount: 0 } });
        if (route === `GET /api/v1/documents/${DOC}/approvals`) return jsonResponse(200, { data: approvals() });
        return common(route) ?? NOT_FOUND();
      });
      const view = renderApp(`/organizations/${ORG}/documents/${DOC}`);

      fireEvent.click((await screen.findByText('Set as Final', {}, LAZY)).closest('button')!);
      const dialog = (await screen.findByText('Set revision 2 as final', {}, SOON)).closest<HTMLElement>('.ant-modal')!;
      expect(within(dialog).getByText(/it can no longer be edited, and this cannot be undone/)).toBeTruthy();
      const confirm = within(dialog).getByRole('button', { name: 'Set as Final' }) as HTMLButtonElement;
      expect(confirm.disabled).toBe(true);
      fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '   ' } });
      expect(confirm.disabled).toBe(true);
      fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' A form template, no review ' } });
      await waitFor(() => expect(confirm.disabled).toBe(false));
      fireEvent.click(confirm);

      expect(await screen.findByText('The Document Revision is set as final', {}, SOON)).toBeTruthy();
      expect(finals).toEqual([{ organizationId: ORG, revision: 2, reason: 'A form template, no review' }]);
      // The status reads Final (once), not 'Submitted · Final'.
      await waitFor(() => expect(screen.queryByText('Submitted')).toBeNull(), SOON);
      expect(screen.getByText('Revision 2 · Spring update · Final')).toBeTruthy();
      expect(screen.getAllByText('Final').length).toBeGreaterThan(0);

      fireEvent.click(screen.getByText('Delete document').closest('button')!);
      const deleting = (await screen.findByText(/It has a final revision/, {}, SOON)).closest<HTMLElement>(
        '.ant-modal',
      )!;
      const remove = within(deleting).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
      expect(remove.disabled).toBe(true);
      fireEvent.change(within(deleting).getByLabelText('Reason'), { target: { value: 'Replaced by SOP-13' } });
      await waitFor(() => expect(remove.disabled).toBe(false));
      fireEvent.click(remove);
      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/documents`), SOON);
      const deleted = fetch.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
      expect(new URL(deleted[0], 'http://x').searchParams.get('reason')).toBe('Replaced by SOP-13');
    },
    // Two dialogs and a navigation: the longest journey of the file.
    2 * SLOW,
  );

  it(
    "goes back to the list when the document can't be loaded",
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      stubApi((route) => {
        if (route === 'GET /api/v1/documents') return jsonResponse(200, { data: [], pagination: { totalCount: 0 } });
        return common(route) ?? NOT_FOUND();
      });
      const view = renderApp(`/organizations/${ORG}/documents/${DOC}`);
      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/documents`), LAZY);
    },
    SLOW,
  );
});
