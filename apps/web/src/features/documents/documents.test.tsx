import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints, type DocumentApprovals, type DocumentRow } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import DocumentCreatePage from '../../pages/DocumentCreatePage';
import DocumentDetailPage from '../../pages/DocumentDetailPage';
import DocumentsPage from '../../pages/DocumentsPage';
import { sessionStore } from '../../shared/session-store';
import {
  EVERY_FLAG,
  jsonResponse,
  on,
  queriesOf,
  renderFeature,
  stubEndpoints,
  testTokens,
  testUser,
  type EndpointAnswer,
} from '../../test/app';
import { DOC, FILE, TYPE, documentDetail as detail, file, noEffect, rowEffect } from '../../test/documents';
import { ada, me, ORG, organizationEndpoints, uma } from '../../test/organization';
import { req } from '../../../../../docs/requirements/req.js';

/** The machine may be busy: a whole journey through a page gets a minute. */
const SLOW = 60_000;
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
  ...rowEffect,
  file,
  reasonForChange: null,
  canBeDeleted: true,
  canWithdraw: false,
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

const documents = endpoints.documents;
/** The organization's answers, its document types, and `answers` before them. */
const stubDocuments = (...answers: EndpointAnswer[]) =>
  stubEndpoints(
    ...answers,
    on(endpoints.settings['document-types'].list, () => ({
      data: [{ id: TYPE, name: 'SOP', reviewIntervalMonths: null }],
    })),
    ...organizationEndpoints(),
  );

const LIST = '/organizations/:organizationId/documents';
const listPath = `/organizations/${ORG}/documents`;
/** A documents page alone, at its route, opened at `path`. */
const renderPage = (page: ReactNode, route: string, path: string) => renderFeature(page, { route, path });
const renderList = () => renderPage(<DocumentsPage />, LIST, listPath);
const renderDetail = (search = '') =>
  renderPage(<DocumentDetailPage />, `${LIST}/:documentId`, `${listPath}/${DOC}${search}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('List of Documents', () => {
  it(
    'shows the empty text and no Add New without canAddDocuments',
    async () => {
      sessionStore.start(testUser({ role: 'User' }), testTokens, false);
      stubDocuments(
        on(documents.list, () => ({ data: [], pagination: { totalCount: 0 } })),
        on(endpoints.profile.accessFlags, () => ({ data: { ...EVERY_FLAG, canAddDocuments: false } })),
      );
      renderList();

      expect(await screen.findByText('List of Documents')).toBeInTheDocument();
      expect(await screen.findByText('There are no Documents to display')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Add New/ })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    `shows the default columns, Delete by the row flag, the type filter and exports; a row opens its revision ${req('DOC-017')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const rows = [
        row({ status: 'Approved', isFinal: true }),
        row({ id: OTHER_DOC, number: 4, name: 'Line clearance', canBeDeleted: false, revision: 1 }),
      ];
      const fetch = stubDocuments(on(documents.list, () => ({ data: rows, pagination: { totalCount: 2 } })));
      const view = renderList();
      const { container } = view;

      expect(await screen.findByText('Cleaning procedure')).toBeInTheDocument();
      // Cheap queries: role queries with names are slow on a whole page in jsdom.
      expect(screen.getByText('Add New')).toBeInTheDocument();
      const headers = [...container.querySelectorAll('thead th')].map((h) => h.textContent ?? '');
      for (const title of ['Document ID', 'Name', 'System #', 'Revision', 'Final', 'Status', 'Approved at', 'File']) {
        expect(
          headers.some((h) => h.includes(title)),
          title,
        ).toBe(true);
      }
      expect(headers.some((h) => h.includes('Reviewed at'))).toBe(false);
      const first = screen.getByText('Cleaning procedure').closest('tr')!;
      expect(within(first).getByText('Approved')).toBeInTheDocument();
      expect(within(first).getByLabelText('Download sop-12.pdf')).toBeInTheDocument();

      expect(within(first).getByLabelText('Delete: Cleaning procedure')).toBeInTheDocument();
      const second = screen.getByText('Line clearance').closest('tr')!;
      expect(within(second).getByLabelText('View details: Line clearance')).toBeInTheDocument();
      expect(within(second).getByLabelText('Edit: Line clearance')).toBeInTheDocument();
      expect(within(second).queryByLabelText(/^Delete:/)).not.toBeInTheDocument();

      // The type filter goes to the server as docTypeIds.
      fireEvent.mouseDown(screen.getByLabelText('Filter by document types'));
      fireEvent.click(await screen.findByText('SOP', { selector: '.ant-select-item-option-content' }));
      await waitFor(() =>
        expect(queriesOf(fetch, documents.list).map((query) => query.get('docTypeIds'))).toContain(TYPE),
      );

      // Export: the three list exports and Attachments, whose Export waits for a type.
      fireEvent.click(screen.getByText('Export'));
      for (const entry of ['CSV file', 'PDF archive', 'Single PDF']) {
        expect(await screen.findByText(entry)).toBeInTheDocument();
      }
      fireEvent.click(screen.getByText('Attachments'));
      const dialog = (await screen.findByText('Export Attachments')).closest<HTMLElement>('.ant-modal')!;
      const exportButton = within(dialog).getByText('Export').closest('button')!;
      expect(exportButton).toBeDisabled();
      fireEvent.click(within(dialog).getByLabelText('Select All'));
      await waitFor(() => expect(exportButton).toBeEnabled());

      fireEvent.click(within(screen.getByText('Line clearance').closest('tr')!).getByText('4'));
      await waitFor(() => expect(view.location()).toBe(`${listPath}/${OTHER_DOC}?revision=1`));
    },
    SLOW,
  );
});

describe('New Document', () => {
  it(
    `guards the later steps, asks for the required fields, creates, saves Quality Actions, and keeps one reference row ${req('DOC-020')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const posts: unknown[] = [];
      const qualityPuts: unknown[] = [];
      stubDocuments(
        on(endpoints.uploads.file, () =>
          jsonResponse(201, {
            data: {
              ...file,
              organizationId: ORG,
              contentType: 'application/pdf',
              sha256: 'ab'.repeat(32),
              createdAt: '2030-04-01T09:30:00.000Z',
            },
          }),
        ),
        on(documents.create, (_, body) => {
          posts.push(body);
          return jsonResponse(201, {
            data: detail({ revision: 1, latestRevision: 1, approverIds: [] }),
            message: 'Your document is created',
          });
        }),
        on(documents.updateQualityTasks, (_, body) => {
          qualityPuts.push(body);
          return {
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
          };
        }),
      );
      const { container } = renderPage(<DocumentCreatePage />, `${LIST}/create`, `${listPath}/create`);

      const save = (await screen.findByText('Save')).closest('button')!;
      expect(screen.getByText('Back to List').closest('a')).toHaveAttribute('href', listPath);
      fireEvent.click(screen.getByText('Quality Actions'));
      expect(
        await screen.findByText('Please save your document data in the "General" section first'),
      ).toBeInTheDocument();

      fireEvent.click(save);
      expect(await screen.findByText('Fill all required fields')).toBeInTheDocument();

      fireEvent.mouseDown(screen.getByLabelText('Type'));
      fireEvent.click(await screen.findByText('SOP', { selector: '.ant-select-item-option-content' }));
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Cleaning procedure ' } });
      fireEvent.change(screen.getByLabelText('Revision description'), { target: { value: 'First issue' } });
      const input = container.querySelector<HTMLInputElement>('#fileId')!;
      fireEvent.change(input, {
        target: { files: [new File(['%PDF-1.7'], 'sop-12.pdf', { type: 'application/pdf' })] },
      });
      expect(await screen.findByText('sop-12.pdf')).toBeInTheDocument();
      fireEvent.click(save);

      expect(await screen.findByText('Your document is created')).toBeInTheDocument();
      expect(posts).toEqual([
        {
          organizationId: ORG,
          typeId: TYPE,
          submitterId: me.id,
          name: 'Cleaning procedure',
          revision: 1,
          revisionName: null,
          revisionDescription: 'First issue',
          // Optional on a first revision: nothing is invented for it.
          reasonForChange: null,
          effectiveOn: null,
          trainingEffectDays: null,
          typeDescription: null,
          fileId: FILE,
          extraFileIds: [],
          tagIds: [],
        },
      ]);

      // Quality Actions: an approver and training, saved with isCreating.
      fireEvent.mouseDown(await screen.findByLabelText('Approvers'));
      fireEvent.click(await screen.findByText('Uma User (uma@example.com)'));
      fireEvent.click(screen.getByLabelText('Requires training'));
      fireEvent.click(screen.getByText('Save'));
      expect(await screen.findByText('The quality actions are saved')).toBeInTheDocument();
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
      const remove = await screen.findByLabelText('Delete reference 1');
      expect(remove).toBeDisabled();
      fireEvent.click(screen.getByText('Add reference'));
      await waitFor(() => expect(remove).toBeEnabled());
      fireEvent.change(screen.getByLabelText('Link of reference 2'), { target: { value: 'ftp://example.com' } });
      expect(await screen.findByText('A link must start with http:// or https://')).toBeInTheDocument();
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
      const fetch = stubDocuments(
        on(documents.detail, () => ({ data: detail({ isLocked: true, canBeEdited: false, canAddRevision: false }) })),
        on(
          endpoints.documentRecords.controlledCopy,
          () =>
            new Response('%PDF-1.7', {
              status: 200,
              headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="copy.pdf"' },
            }),
        ),
        on(documents.approvals, () => ({ data: approvals() })),
        on(documents.addApproval, (_, body) => {
          signed.push(body);
          return jsonResponse(400, {
            errors: [{ code: 'VALIDATION', field: 'accessCode', message: 'The access code is incorrect.' }],
          });
        }),
      );
      const { container } = renderDetail('?revision=2');

      expect(await screen.findByText('New detergent')).toBeInTheDocument();
      expect(container.querySelector('h1')!.textContent).toBe('Cleaning procedure');
      const tabs = [...container.querySelectorAll('[role="tab"]')];
      expect(tabs.map((tab) => tab.textContent)).toEqual([
        'General',
        'Quality Actions',
        'References',
        'Approval',
        'History',
      ]);
      expect(tabs[0]!).toHaveAttribute('aria-selected', 'true');
      // No Edit a person cannot use (spec 03 section 6): the note says why the revision stays as it is.
      expect(screen.queryByText('Edit')).not.toBeInTheDocument();
      expect(
        screen.getByText('This revision cannot be edited: it is final, or its review or approval is in progress.'),
      ).toBeInTheDocument();
      expect(screen.queryByText('Add revision')).not.toBeInTheDocument();
      // The controlled copy of a PDF, of the revision shown, even while the revision is locked.
      fireEvent.click(screen.getByText('Controlled copy (PDF)'));
      await waitFor(() =>
        expect(
          queriesOf(fetch, endpoints.documentRecords.controlledCopy).map((query) => query.get('revision')),
        ).toContain('2'),
      );

      fireEvent.click(tabs[3]!);
      const panel = (await screen.findByText('In Progress')).closest<HTMLElement>('[role="tabpanel"]')!;
      expect(within(panel).getByText('Ada Lovelace')).toBeInTheDocument();
      expect(within(panel).getByText('Fine by me')).toBeInTheDocument();
      expect(within(panel).getByText(/The controlled file has changed since this signature/)).toBeInTheDocument();
      expect(within(panel).getByText('Uma User (uma@example.com)')).toBeInTheDocument();
      const earlier = within(panel).getByRole('region', {
        name: 'Earlier responses (before the revision was changed)',
      });
      expect(within(earlier).getByText('Uma User')).toBeInTheDocument();
      expect(within(earlier).getByText('Section 3 is wrong')).toBeInTheDocument();

      const save = within(panel).getByText('Save').closest('button')!;
      expect(save).toBeDisabled();
      const code = screen.getByLabelText('Access code');
      expect(code).toHaveAttribute('type', 'password');
      expect(code).toHaveAttribute('inputmode', 'numeric');
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      fireEvent.click(screen.getByLabelText('Approved'));
      await waitFor(() => expect(save).toBeEnabled());
      fireEvent.change(code, { target: { value: '012345' } });
      fireEvent.change(screen.getByLabelText('Comment'), { target: { value: ' Looks right ' } });
      fireEvent.click(save);

      expect(await screen.findAllByText('The access code is incorrect.')).not.toHaveLength(0);
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
        revisions: [
          {
            revision: 3,
            status: 'Submitted',
            isFinal: false,
            revisionName: null,
            reasonForChange: 'Third',
            ...noEffect,
          },
          ...revisionTwo.revisions,
        ],
      });
      let current = revisionTwo;
      const added: unknown[] = [];
      const fetch = stubDocuments(
        on(documents.detail, () => ({ data: current })),
        on(documents.addRevision, (_, body) => {
          added.push(body);
          current = revisionThree;
          return { data: { id: DOC, revision: 3 }, message: 'The Document Revision is saved' };
        }),
        on(documents.deleteRevision, () => {
          current = revisionTwo;
          return { data: { id: DOC, revision: 3 }, message: 'The Document Revision is deleted' };
        }),
        on(documents.approvals, () => ({ data: approvals() })),
      );
      const view = renderDetail();
      const { container } = view;

      fireEvent.click((await screen.findByText('Add revision')).closest('button')!);
      expect(await screen.findByText('New revision 3')).toBeInTheDocument();
      // Review and Approval are hidden while adding; History is the document's, not the revision's.
      expect([...container.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent)).toEqual([
        'General',
        'Quality Actions',
        'References',
        'History',
      ]);
      const revision = screen.getByLabelText('Revision');
      expect(revision).toHaveValue('3');
      expect(revision).toBeDisabled();
      // What the new revision changes is written anew: revision 2's name, reason and description are not carried over.
      expect(screen.getByLabelText('Revision name')).toHaveValue('');
      expect(screen.getByLabelText('Reason for change')).toHaveValue('');
      expect(screen.getByLabelText('Revision description')).toHaveValue('');
      expect(screen.getByText('Save').closest('button')!).toBeDisabled();
      expect(screen.getByLabelText('Name')).toHaveValue('Cleaning procedure');
      fireEvent.change(screen.getByLabelText('Revision description'), { target: { value: 'Third issue' } });
      const save = screen.getByText('Save').closest('button')!;
      // A new revision says why it was made (issue 24): Save waits for the reason.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(save).toBeDisabled();
      fireEvent.change(screen.getByLabelText('Reason for change'), { target: { value: 'Third' } });
      await waitFor(() => expect(save).toBeEnabled());
      fireEvent.click(save);

      expect(await screen.findByText('The Document Revision is saved')).toBeInTheDocument();
      await waitFor(() => expect(view.location()).toBe(`${listPath}/${DOC}?revision=3`));
      expect(added).toEqual([
        expect.objectContaining({
          organizationId: ORG,
          id: DOC,
          revision: 3,
          name: 'Cleaning procedure',
          revisionDescription: 'Third issue',
          reasonForChange: 'Third',
          fileId: FILE,
          submitterId: ada.id,
          approverIds: [uma.id],
          references: [],
        }),
      ]);
      expect(await screen.findByText('Third issue')).toBeInTheDocument();

      fireEvent.click(screen.getByText('Delete revision').closest('button')!);
      const dialog = (await screen.findByText(/Delete revision 3 of this document/)).closest<HTMLElement>(
        '.ant-modal',
      )!;
      fireEvent.click(within(dialog).getByText('Delete').closest('button')!);
      expect(await screen.findByText('The Document Revision is deleted')).toBeInTheDocument();
      await waitFor(() => expect(view.location()).toBe(`${listPath}/${DOC}`));
      expect(await screen.findByText('New detergent')).toBeInTheDocument();
      expect(queriesOf(fetch, documents.deleteRevision).map((query) => query.get('revision'))).toEqual(['3']);
    },
    SLOW,
  );

  it(
    'sets a revision as final only for a reason, reads Final afterwards; the released document is withdrawn, not deleted',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const draft = detail({ approverIds: [], canSetAsFinal: true });
      const final = detail({
        approverIds: [],
        isFinal: true,
        releasedRevision: 2,
        finalAt: '2030-04-03T08:00:00.000Z',
        revisions: [{ ...draft.revisions[0]!, isFinal: true }, draft.revisions[1]!],
        canBeDeleted: false,
        canWithdraw: true,
      });
      let current = draft;
      const finals: unknown[] = [];
      stubDocuments(
        on(documents.detail, () => ({ data: current })),
        on(documents.setFinal, (_, body) => {
          finals.push(body);
          current = final;
          return { data: final, message: 'The Document Revision is set as final' };
        }),
        on(documents.approvals, () => ({ data: approvals() })),
      );
      renderDetail();

      fireEvent.click((await screen.findByText('Set as Final')).closest('button')!);
      const dialog = (await screen.findByText('Set revision 2 as final')).closest<HTMLElement>('.ant-modal')!;
      expect(within(dialog).getByText(/it can no longer be edited, and this cannot be undone/)).toBeInTheDocument();
      const confirm = within(dialog).getByRole('button', { name: 'Set as Final' });
      expect(confirm).toBeDisabled();
      fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '   ' } });
      expect(confirm).toBeDisabled();
      fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' A form template, no review ' } });
      await waitFor(() => expect(confirm).toBeEnabled());
      fireEvent.click(confirm);

      expect(await screen.findByText('The Document Revision is set as final')).toBeInTheDocument();
      expect(finals).toEqual([{ organizationId: ORG, revision: 2, reason: 'A form template, no review' }]);
      // The status reads Final (once), not 'Submitted · Final'.
      await waitFor(() => expect(screen.queryByText('Submitted')).not.toBeInTheDocument());
      expect(screen.getByText('Revision 2 · Spring update · Final · Pending')).toBeInTheDocument();
      expect(screen.getAllByText('Final').length).toBeGreaterThan(0);

      // Released: Delete stays, disabled (its tooltip says why), and Withdraw is offered (withdraw.test.tsx).
      expect(screen.getByText('Delete document').closest('button')).toBeDisabled();
      expect(screen.getByText('Withdraw document')).toBeInTheDocument();
    },
    // A dialog and a refetch: the longest journey of the file.
    2 * SLOW,
  );

  it(
    "goes back to the list when the document can't be loaded",
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      stubDocuments(on(documents.list, () => ({ data: [], pagination: { totalCount: 0 } })));
      const view = renderDetail();
      await waitFor(() => expect(view.location()).toBe(listPath));
    },
    SLOW,
  );
});
