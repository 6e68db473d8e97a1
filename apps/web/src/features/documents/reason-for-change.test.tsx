import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints, type DocumentReviews } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DocumentDetailPage from '../../pages/DocumentDetailPage';
import { sessionStore } from '../../shared/session-store';
import { on, renderFeature, stubEndpoints, testTokens, testUser } from '../../test/app';
import { DOC, documentDetail as detail } from '../../test/documents';
import { ORG, organizationEndpoints, uma } from '../../test/organization';
import { req } from '../../../../../docs/requirements/req.js';

/** The machine may be busy: a whole journey through a page gets a minute. */
const SLOW = 60_000;
const documents = endpoints.documents;
const REASON = 'The old detergent is discontinued';

const reviews: DocumentReviews = {
  revision: 2,
  status: 'NotStarted',
  reviewedAt: null,
  canAddReview: true,
  pending: [uma],
  reviews: [],
  earlierSignatures: [],
};

const renderDetail = () =>
  renderFeature(<DocumentDetailPage />, {
    route: '/organizations/:organizationId/documents/:documentId',
    path: `/organizations/${ORG}/documents/${DOC}`,
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Reason for change (issue 24)', () => {
  it(
    `shows it in General and under each revision of the selector, a revision without one as — ${req('DOC-035')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      stubEndpoints(
        on(documents.detail, () => ({ data: detail() })),
        ...organizationEndpoints(),
      );
      renderDetail();

      expect(await screen.findByText('New detergent')).toBeInTheDocument();
      expect(screen.getAllByText('Reason for change').length).toBeGreaterThan(0);
      expect(screen.getByText(REASON)).toBeInTheDocument();

      fireEvent.mouseDown(screen.getAllByRole('combobox', { name: 'Revision' })[0]!);
      const options = await screen.findAllByRole('option');
      expect(options).toHaveLength(2);
      const list = document.querySelector<HTMLElement>('.ant-select-dropdown')!;
      expect(within(list).getByText(`Reason for change: ${REASON}`)).toBeInTheDocument();
      expect(within(list).getByText('Reason for change: —')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    `is the first thing a reviewer reads in the Review tab, above the status and the form ${req('DOC-035')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      stubEndpoints(
        on(documents.detail, () => ({ data: detail({ canViewReviews: true, reviewerIds: [uma.id] }) })),
        on(documents.reviews, () => ({ data: reviews })),
        ...organizationEndpoints(),
      );
      renderDetail();

      fireEvent.click(await screen.findByRole('tab', { name: 'Review' }));
      const card = await waitFor(() => {
        const found = document.querySelector<HTMLElement>('.qualis-signing-reason');
        expect(found).not.toBeNull();
        return found!;
      });
      expect(within(card).getByText('Reason for change')).toBeInTheDocument();
      expect(within(card).getByText(REASON)).toBeInTheDocument();
      const tab = card.parentElement!.parentElement!;
      const status = await within(tab).findByText('Status');
      expect(card.compareDocumentPosition(status) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    },
    SLOW,
  );
});
