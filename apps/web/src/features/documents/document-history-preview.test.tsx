import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DocumentDetail, DocumentHistoryEntry } from '@qualis/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../../test/app';
import { DOC, FILE, documentDetail } from '../../test/documents';

const LAZY = { timeout: 30_000 };
const SOON = { timeout: 10_000 };
const SLOW = 90_000;
const ORG = '0190a8e4-0000-7000-8000-0000000000aa';
const NOT_FOUND = () => jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });

/** A revision this person may only read: General, without the other sections or any change. */
const detail = (overrides: Partial<DocumentDetail> = {}): DocumentDetail =>
  documentDetail({
    revisionName: null,
    approverIds: [],
    revisions: [{ revision: 2, status: 'Submitted', isFinal: false, revisionName: null }],
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

const common = (route: string): Response | null => {
  if (route === `GET /api/v1/organizations/${ORG}`)
    return jsonResponse(200, {
      data: { id: ORG, name: 'Acme Medical', status: 'Active', isManagedByClient: false, logo: null },
    });
  if (route === `GET /api/v1/documents/${DOC}`) return jsonResponse(200, { data: detail() });
  return null;
};

beforeAll(async () => {
  await Promise.all([import('../../layouts/OrganizationLayout'), import('../../pages/DocumentDetailPage')]);
}, 120_000);

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
        ...Array.from({ length: 21 }, (_, i) => entry(10 + i)),
      ];
      const fetch = stubApi((route) => {
        if (route === `GET /api/v1/documents/${DOC}/history`) {
          const offset = Number(
            new URL(String(fetch.mock.lastCall![0]), 'http://localhost').searchParams.get('offset'),
          );
          const data = offset === 0 ? first : [entry(99, { action: 'sign' })];
          return jsonResponse(200, { data, pagination: { totalCount: 26 } });
        }
        return common(route) ?? NOT_FOUND();
      });
      renderApp(`/organizations/${ORG}/documents/${DOC}`);

      fireEvent.click(await screen.findByRole('tab', { name: 'History' }, LAZY));
      expect(await screen.findByText('Status changed', {}, SOON)).toBeTruthy();
      const row = screen.getByText('Status changed').closest('tr')!;
      expect(within(row).getByText('System')).toBeTruthy();
      expect(row.textContent).toContain('Status: Submitted → Approved');
      // Labels of a field the web knows in the person's language, any other as the server wrote it.
      expect(screen.getByText('Controlled copy downloaded').closest('tr')!.textContent).toContain('Copy: {"number":7}');
      const edited = screen.getByText('Edited').closest('tr')!.textContent;
      expect(edited).toContain('Reviewers: — → Otto Reviewer, Rita Operator');
      expect(edited).toContain('Controlled file: cleaning-v1.pdf → cleaning-v2.pdf');
      // What is shown is the readable form: no raw ids.
      expect(edited).not.toContain('u1');
      expect(edited).not.toContain('fileId');
      expect(screen.getByText('somethingNew')).toBeTruthy();
      expect(screen.getByText('1–25 of 26')).toBeTruthy();

      fireEvent.click(screen.getByTitle('2'));
      expect(await screen.findByText('Signed', {}, SOON)).toBeTruthy();
      // The page asked for the second page (other calls, such as the bell's stream, may come after it).
      const historyPages = () =>
        fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes(`/documents/${DOC}/history`));
      await waitFor(() => expect(historyPages().at(-1)).toContain('offset=25'));
    },
    SLOW,
  );
});

describe('Document preview', () => {
  it(
    'shows a PDF in an iframe on a blob URL of the PDF type, fetched with the session, revoked on close',
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
      const content = `/api/v1/documents/${DOC}/file/${FILE}/content`;
      const fetch = stubApi((route) => {
        if (route === `GET /api/v1/documents/${DOC}/file/${FILE}`)
          return jsonResponse(200, { data: { path: content, fileName: 'sop-12.pdf' } });
        if (route === `GET ${content}`)
          return new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/octet-stream' } });
        return common(route) ?? NOT_FOUND();
      });
      renderApp(`/organizations/${ORG}/documents/${DOC}`);

      fireEvent.click(await screen.findByRole('button', { name: /Preview/ }, LAZY));
      const dialog = await screen.findByRole('dialog', {}, SOON);
      await waitFor(() => expect(dialog.querySelector('iframe')?.getAttribute('src')).toBe(blobUrl), SOON);
      expect(dialog.querySelector('iframe')!.getAttribute('title')).toBe('Preview of sop-12.pdf');
      expect(created[0]!.type).toBe('application/pdf');
      const download = fetch.mock.calls.find(([url]) => String(url).includes('/content'))!;
      expect(new Headers(download[1]!.headers).get('authorization')).toBe('Bearer access-1');

      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(revoke).toHaveBeenCalledWith(blobUrl), SOON);
    },
    SLOW,
  );
});
