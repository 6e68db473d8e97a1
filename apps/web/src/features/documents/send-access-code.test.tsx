import type { DocumentApprovals } from '@qualis/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { jsonResponse, stubApi, testTokens, testUser } from '../../test/app';
import { NOT_FOUND, ORG, SOON, organizationAnswer, uma } from '../../test/organization';
import { sessionStore } from '../session/session-store';
import { SigningSection } from './Signatures';

const DOC = '0190a8e4-0000-7000-8000-0000000000c7';
const SLOW = 120_000;

const approvals = (hasValidAccessCode: boolean): DocumentApprovals => ({
  revision: 1,
  status: 'NotStarted',
  approvedAt: null,
  canAddApproval: true,
  hasValidAccessCode,
  pending: [uma],
  approvals: [],
  earlierSignatures: [],
});

function renderApprovalTab() {
  render(
    <AppProviders>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <SigningSection organizationId={ORG} documentId={DOC} revision={1} kind="approval" />
        </MemoryRouter>
      </QueryClientProvider>
    </AppProviders>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe("Approval tab: 'Send me my access code'", () => {
  it(
    'is offered to an approver without a valid code, sends it, shows the toast and goes away',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      let valid = false;
      const sent: unknown[] = [];
      stubApi((route, body) => {
        if (route === `GET /api/v1/documents/${DOC}/approvals`) return jsonResponse(200, { data: approvals(valid) });
        if (route === 'POST /api/v1/verifications/user-access-code/me') {
          sent.push(body);
          valid = true;
          return jsonResponse(200, {
            data: {
              message: 'The access code has been sent to ada@example.com',
              messageKey: 'accessCodeSent',
              messageParams: { email: 'ada@example.com' },
            },
          });
        }
        return organizationAnswer(route) ?? NOT_FOUND();
      });
      renderApprovalTab();

      expect(
        await screen.findByText(
          'You have no valid access code yet. Have one sent to your e-mail, then enter it here.',
          {},
          SOON,
        ),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Send me my access code' }));

      expect(await screen.findByText('The access code has been sent to ada@example.com', {}, SOON)).toBeTruthy();
      expect(sent).toEqual([{ organizationId: ORG }]);
      // The tab is read again: the code is valid now, the offer is gone and the form stays.
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Send me my access code' })).toBeNull(), SOON);
      expect(screen.getByLabelText('Access code')).toBeTruthy();
    },
    SLOW,
  );

  it(
    "shows the server's refusal when the code is still valid, and is not offered to a holder of a valid code",
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      stubApi((route) => {
        if (route === `GET /api/v1/documents/${DOC}/approvals`) return jsonResponse(200, { data: approvals(false) });
        if (route === 'POST /api/v1/verifications/user-access-code/me') {
          return jsonResponse(409, {
            errors: [
              {
                code: 'CONFLICT',
                message:
                  'Your access code is still valid: please, use the code sent to you by e-mail. If you have lost it, ask an Admin of your organization to generate a new one.',
              },
            ],
          });
        }
        return organizationAnswer(route) ?? NOT_FOUND();
      });
      renderApprovalTab();
      fireEvent.click(await screen.findByRole('button', { name: 'Send me my access code' }, SOON));
      expect(await screen.findByText(/Your access code is still valid/, {}, SOON)).toBeTruthy();
      cleanup();

      stubApi((route) =>
        route === `GET /api/v1/documents/${DOC}/approvals`
          ? jsonResponse(200, { data: approvals(true) })
          : (organizationAnswer(route) ?? NOT_FOUND()),
      );
      renderApprovalTab();
      expect(await screen.findByLabelText('Access code', {}, SOON)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Send me my access code' })).toBeNull();
    },
    SLOW,
  );
});
