import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints, type DocumentDetail, type DocumentHistoryEntry } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DocumentDetailPage from '../../pages/DocumentDetailPage';
import { sessionStore } from '../../shared/session-store';
import { on, queriesOf, renderFeature, stubEndpoints, testTokens, testUser, type EndpointAnswer } from '../../test/app';
import { DOC, FILE, documentDetail, noEffect } from '../../test/documents';
import { ORG, organization } from '../../test/organization';
import { req } from '../../../../../docs/requirements/req.js';

const SLOW = 60_000;

/** A revision this person may only read: General, without the other sections or any change. */
const detail = (overrides: Partial<DocumentDetail> = {}): DocumentDetail =>
  documentDetail({
    revisionName: null,
    approverIds: [],
    revisions: [
      { revision: 2, status: 'Submitted', isFinal: false, revisionName: null, reasonForChange: null, ...noEffect },
    ],
    canBeEdited: false,
    canBeDeleted: false,
    canAddRevision: false,
    canViewQualityTasks: false,
    canViewConnectToEmployee: false,
    canViewApprovals: false,
    canViewDocumentQualityTasks: false,
    canViewDocumentReferences: false,
    ...overrides,
  });

const entry = (seq: number, overrides: Partial<DocumentHistoryEntry> = {}): DocumentHistoryEntry => ({
  seq,
  occurredAt: '2030-04-01T09:30:00.000Z',
  actorEmail: 'ada@example.com',
  action: 'create',
  revision: 1,
  before: null,
  after: null,
  changes: [],
  reason: null,
  ...overrides,
});

/** The organization and the revision, with `answers` before them. */
const stubDocument = (...answers: EndpointAnswer[]) =>
  stubEndpoints(
    ...answers,
    on(endpoints.organizations.get, () => ({ data: organization })),
    on(endpoints.documents.detail, () => ({ data: detail() })),
  );

const renderDocument = () =>
  renderFeature(<DocumentDetailPage />, {
    route: '/organizations/:organizationId/documents/:documentId',
    path: `/organizations/${ORG}/documents/${DOC}`,
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Document History', () => {
  it(
    'pages the audit trail: who, a readable action, the revision and each change as old → new',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const first = [
        entry(1, {
          actorEmail: null,
          action: 'statusChange',
          before: { status: 'Submitted' },
          after: { status: 'Approved' },
          changes: [{ field: 'status', label: 'Status', before: 'Submitted', after: 'Approved' }],
        }),
        entry(2, {
          action: 'controlledCopy',
          revision: 2,
          after: { copy: { number: 7 } },
          changes: [{ field: 'copy', label: 'Copy', before: null, after: '{"number":7}' }],
        }),
        entry(4, {
          action: 'update',
          before: { reviewerIds: [], fileId: 'f1' },
          after: { reviewerIds: ['u1', 'u2'], fileId: 'f2' },
          changes: [
            { field: 'reviewerIds', label: 'Reviewers', before: '—', after: 'Otto Reviewer, Rita Operator' },
            { field: 'fileId', label: 'Controlled file', before: 'cleaning-v1.pdf', after: 'cleaning-v2.pdf' },
          ],
        }),
        entry(3, { action: 'somethingNew', revision: null }),
        entry(5, {
          action: 'withdraw',
          changes: [
            {
              field: 'signature',
              label: 'Signature',
              before: null,
              after: 'Withdrawn by Ada Lovelace, 2030-04-01 09:30:00 UTC',
            },
            { field: 'fileSha256', label: 'SHA-256 of the signed file', before: null, after: 'ab12'.repeat(16) },
          ],
          reason: 'Replaced by SOP-14',
        }),
        ...Array.from({ length: 20 }, (_, i) => entry(10 + i)),
      ];
      const history = endpoints.documentRecords.history;
      const fetch = stubDocument(
        on(history, (_, _body, query) => ({
          data: Number(query.get('offset')) === 0 ? first : [entry(99, { action: 'sign' })],
          pagination: { totalCount: 26 },
        })),
      );
      renderDocument();

      fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
      expect(await screen.findByText('Status changed')).toBeInTheDocument();
      const row = screen.getByText('Status changed').closest('tr')!;
      expect(within(row).getByText('System')).toBeInTheDocument();
      expect(row).toHaveTextContent('Status: Submitted → Approved');
      // Labels of a field the web knows in the person's language, any other as the server wrote it.
      expect(screen.getByText('Controlled copy downloaded').closest('tr')).toHaveTextContent('Copy: {"number":7}');
      const edited = screen.getByText('Edited').closest('tr');
      expect(edited).toHaveTextContent('Reviewers: — → Otto Reviewer, Rita Operator');
      expect(edited).toHaveTextContent('Controlled file: cleaning-v1.pdf → cleaning-v2.pdf');
      // What is shown is the readable form: no raw ids.
      expect(edited).not.toHaveTextContent('u1');
      expect(edited).not.toHaveTextContent('fileId');
      expect(screen.getByText('somethingNew')).toBeInTheDocument();
      // A withdrawal by its name; a SHA-256 whole, not cut.
      const withdrawn = screen.getByText('Withdrawn (Obsolete)').closest('tr');
      expect(withdrawn).toHaveTextContent('Signature: Withdrawn by Ada Lovelace, 2030-04-01 09:30:00 UTC');
      expect(withdrawn).toHaveTextContent(`SHA-256 of the signed file: ${'ab12'.repeat(16)}`);
      expect(withdrawn).toHaveTextContent('Replaced by SOP-14');
      expect(screen.getByText('1–25 of 26')).toBeInTheDocument();

      fireEvent.click(screen.getByTitle('2'));
      expect(await screen.findByText('Signed')).toBeInTheDocument();
      // The page asked for the second page.
      await waitFor(() => expect(queriesOf(fetch, history).at(-1)?.get('offset')).toBe('25'));
    },
    SLOW,
  );
});

describe('Document preview', () => {
  it(
    `shows a PDF in an iframe on a blob URL of the PDF type, fetched with the session, revoked on close ${req('DOC-022')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const blobUrl = 'blob:http://localhost/0190a8e4-preview';
      const created: Blob[] = [];
      const revoke = vi.fn();
      vi.stubGlobal(
        'URL',
        Object.assign(class extends URL {}, {
          createObjectURL: (blob: Blob) => (created.push(blob), blobUrl),
          revokeObjectURL: revoke,
        }),
      );
      const fetch = stubDocument(
        on(endpoints.documents.file, () => ({
          data: { path: `/documents/${DOC}/file/${FILE}/content`, fileName: 'sop-12.pdf' },
        })),
        on(
          endpoints.documents.fileContent,
          () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/octet-stream' } }),
        ),
      );
      renderDocument();

      fireEvent.click(await screen.findByRole('button', { name: /Preview/ }));
      const dialog = await screen.findByRole('dialog');
      await waitFor(() => expect(dialog.querySelector('iframe')).toHaveAttribute('src', blobUrl));
      expect(dialog.querySelector('iframe')).toHaveAttribute('title', 'Preview of sop-12.pdf');
      expect(created[0]!.type).toBe('application/pdf');
      const download = fetch.mock.calls.find(([url]) => String(url).includes('/content'))!;
      expect(new Headers(download[1]!.headers).get('authorization')).toBe('Bearer access-1');

      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(revoke).toHaveBeenCalledWith(blobUrl));
    },
    SLOW,
  );
});
