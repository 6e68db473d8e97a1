import { fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints, type DocumentRow } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DocumentDetailPage from '../../pages/DocumentDetailPage';
import DocumentsPage from '../../pages/DocumentsPage';
import { sessionStore } from '../../shared/session-store';
import { on, renderFeature, stubEndpoints, testTokens, testUser } from '../../test/app';
import { DOC, TYPE, documentDetail, file, noEffect, rowEffect } from '../../test/documents';
import { ORG, organizationEndpoints } from '../../test/organization';
import { req } from '../../../../../docs/requirements/req.js';

/** Issue 24: the list's State with the pending revision beside it, the selector's marks, General's effect. */

const SLOW = 60_000;
const listPath = `/organizations/${ORG}/documents`;
const stub = (...answers: Parameters<typeof stubEndpoints>) =>
  stubEndpoints(
    ...answers,
    on(endpoints.settings['document-types'].list, () => ({
      data: [{ id: TYPE, name: 'SOP', reviewIntervalMonths: null }],
    })),
    ...organizationEndpoints(),
  );

const row = (overrides: Partial<DocumentRow>): DocumentRow => ({
  id: DOC,
  type: 'SOP',
  typeId: TYPE,
  typeDescription: 'SOP-12',
  name: 'Cleaning procedure',
  number: 3,
  revision: 1,
  isFinal: true,
  status: 'Approved',
  approvedAt: '2030-04-01T09:00:00.000Z',
  reviewedAt: null,
  ...rowEffect,
  file,
  reasonForChange: null,
  canBeDeleted: false,
  canWithdraw: true,
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the effective revision on the screens', () => {
  it(
    `lists the effective revision with its State and Effective from, and the pending revision beside it ${req('DOC-025')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const rows = [
        row({
          lifecycle: 'Effective',
          effectiveAt: '2030-04-01T09:00:00.000Z',
          pendingRevision: {
            revision: 2,
            status: 'Submitted',
            isFinal: false,
            effectiveOn: null,
            trainingEffect: null,
          },
        }),
        row({
          id: '0190a8e4-0000-7000-8000-0000000000b2',
          number: 4,
          name: 'Line clearance',
          lifecycle: 'Effective',
          effectiveAt: '2030-04-01T09:00:00.000Z',
          pendingRevision: {
            revision: 5,
            status: 'Approved',
            isFinal: true,
            effectiveOn: '2030-05-01',
            trainingEffect: null,
          },
        }),
      ];
      stub(on(endpoints.documents.list, () => ({ data: rows, pagination: { totalCount: 2 } })));
      const { container } = renderFeature(<DocumentsPage />, {
        route: '/organizations/:organizationId/documents',
        path: listPath,
      });

      expect(await screen.findByText('Cleaning procedure')).toBeInTheDocument();
      const headers = [...container.querySelectorAll('thead th')].map((h) => h.textContent ?? '');
      for (const title of ['State', 'Effective from'])
        expect(
          headers.some((h) => h.includes(title)),
          title,
        ).toBe(true);
      expect(screen.getAllByText('Effective')).toHaveLength(2);
      expect(screen.getByText('rev 2 in approval')).toBeInTheDocument();
      expect(screen.getByText(/^rev 5 effective on .*2030/)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    `marks each revision in the selector and says in General what superseded the open one ${req('DOC-024')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const superseded = documentDetail({
        revision: 1,
        isFinal: true,
        status: 'Approved',
        lifecycle: 'Superseded',
        effectiveAt: '2030-04-01T09:00:00.000Z',
        supersededAt: '2030-05-01T00:30:00.000Z',
        supersededBy: 2,
        revisions: [
          {
            revision: 2,
            status: 'Approved',
            isFinal: true,
            revisionName: null,
            reasonForChange: null,
            ...noEffect,
            lifecycle: 'Effective',
            effectiveAt: '2030-05-01T00:30:00.000Z',
          },
          {
            revision: 1,
            status: 'Approved',
            isFinal: true,
            revisionName: null,
            reasonForChange: null,
            ...noEffect,
            lifecycle: 'Superseded',
            supersededAt: '2030-05-01T00:30:00.000Z',
            supersededBy: 2,
          },
        ],
      });
      stub(on(endpoints.documents.detail, () => ({ data: superseded })));
      renderFeature(<DocumentDetailPage />, {
        route: '/organizations/:organizationId/documents/:documentId',
        path: `${listPath}/${DOC}?revision=1`,
      });

      expect(await screen.findByText(/^Superseded by revision 2 on .*2030/)).toBeInTheDocument();
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Revision' }));
      await waitFor(() =>
        expect(screen.getAllByText('Revision 2 · Approved · Final · Effective').length).toBeGreaterThan(0),
      );
      expect(screen.getAllByText('Revision 1 · Approved · Final · Superseded').length).toBeGreaterThan(0);
    },
    SLOW,
  );
});
