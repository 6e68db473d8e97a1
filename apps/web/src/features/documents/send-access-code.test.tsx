import { endpoints, type DocumentApprovals } from '@qualis/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderFeature, stubEndpoints, testTokens, testUser } from '../../test/app';
import { ORG, uma } from '../../test/organization';
import { sessionStore } from '../../shared/session-store';
import { SigningSection } from './Signatures';

const DOC = '0190a8e4-0000-7000-8000-0000000000c7';
const SLOW = 60_000;
const sendOwnAccessCode = endpoints.accounts.sendOwnAccessCode;

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

const renderApprovalTab = () =>
  renderFeature(
    <SigningSection organizationId={ORG} documentId={DOC} revision={1} reasonForChange={null} kind="approval" />,
  );
/** The approvals of the revision, `approvals(valid())`. */
const theApprovals = (valid: () => boolean) => on(endpoints.documents.approvals, () => ({ data: approvals(valid()) }));

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
      stubEndpoints(
        theApprovals(() => valid),
        on(sendOwnAccessCode, (_, body) => {
          sent.push(body);
          valid = true;
          return {
            data: {
              message: 'The access code has been sent to ada@example.com',
              messageKey: 'accessCodeSent',
              messageParams: { email: 'ada@example.com' },
            },
          };
        }),
      );
      renderApprovalTab();

      expect(
        await screen.findByText('You have no valid access code yet. Have one sent to your e-mail, then enter it here.'),
      ).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Send me my access code' }));

      expect(await screen.findByText('The access code has been sent to ada@example.com')).toBeInTheDocument();
      expect(sent).toEqual([{ organizationId: ORG }]);
      // The tab is read again: the code is valid now, the offer is gone and the form stays.
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Send me my access code' })).not.toBeInTheDocument(),
      );
      expect(screen.getByLabelText('Access code')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "shows the server's refusal when the code is still valid, and is not offered to a holder of a valid code",
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      stubEndpoints(
        theApprovals(() => false),
        on(sendOwnAccessCode, () =>
          jsonResponse(409, {
            errors: [
              {
                code: 'CONFLICT',
                message:
                  'Your access code is still valid: please, use the code sent to you by e-mail. If you have lost it, ask an Admin of your organization to generate a new one.',
              },
            ],
          }),
        ),
      );
      renderApprovalTab();
      fireEvent.click(await screen.findByRole('button', { name: 'Send me my access code' }));
      expect(await screen.findByText(/Your access code is still valid/)).toBeInTheDocument();
      cleanup();

      stubEndpoints(theApprovals(() => true));
      renderApprovalTab();
      expect(await screen.findByLabelText('Access code')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send me my access code' })).not.toBeInTheDocument();
    },
    SLOW,
  );
});
