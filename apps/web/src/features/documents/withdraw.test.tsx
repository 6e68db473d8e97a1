import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DocumentDetailPage from '../../pages/DocumentDetailPage';
import { sessionStore } from '../../shared/session-store';
import { on, renderFeature, stubEndpoints, testTokens, testUser } from '../../test/app';
import { DOC, documentDetail as detail } from '../../test/documents';
import { ORG, organization, organizationEndpoints } from '../../test/organization';
import { req } from '../../../../../docs/requirements/req.js';

/** The machine may be busy: a whole journey through a page gets a minute. */
const SLOW = 60_000;
const documents = endpoints.documents;
const renderDetail = () =>
  renderFeature(<DocumentDetailPage />, {
    route: '/organizations/:organizationId/documents/:documentId',
    path: `/organizations/${ORG}/documents/${DOC}`,
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Withdraw (a released document is never deleted)', () => {
  it(
    `shows Delete disabled with why, withdraws with a reason and the access code, then shows Obsolete and the withdrawal ${req('DOC-019', 'DOC-028', 'DOC-029')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const released = detail({
        status: 'Approved',
        isFinal: true,
        releasedRevision: 2,
        canBeDeleted: false,
        canWithdraw: true,
        canWithdrawRevision: true,
      });
      const withdrawn = detail({
        ...released,
        status: 'Obsolete',
        canWithdraw: false,
        canWithdrawRevision: false,
        withdrawal: { at: '2030-05-01T08:00:00.000Z', by: 'Ada Lovelace', reason: 'Replaced by SOP-13' },
      });
      const sent: unknown[] = [];
      let current = released;
      stubEndpoints(
        on(documents.detail, () => ({ data: current })),
        on(documents.withdraw, (_, body) => {
          sent.push(body);
          current = withdrawn;
          return { data: withdrawn, message: 'The Document is withdrawn (Obsolete)' };
        }),
        ...organizationEndpoints(),
      );
      renderDetail();

      expect(await screen.findByText('New detergent')).toBeInTheDocument();
      const remove = screen.getByText('Delete document').closest('button')!;
      expect(remove).toBeDisabled();
      fireEvent.mouseEnter(remove.parentElement!);
      expect(
        await screen.findByText('A released document cannot be deleted; withdraw it instead.'),
      ).toBeInTheDocument();
      expect(screen.getByText('Withdraw revision')).toBeInTheDocument();

      fireEvent.click(screen.getByText('Withdraw document'));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/Every revision becomes Obsolete/)).toBeInTheDocument();
      const ok = within(dialog).getByText('Withdraw').closest('button')!;
      expect(ok).toBeDisabled();
      fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' Replaced by SOP-13 ' } });
      expect(ok).toBeDisabled();
      // The organization does not ask for the password: the access code signs (issue 24).
      expect(within(dialog).queryByLabelText('Your password')).toBeNull();
      fireEvent.change(within(dialog).getByLabelText('Access code'), { target: { value: '0123' } });
      await waitFor(() => expect(ok).toBeEnabled());
      fireEvent.click(ok);

      await waitFor(() =>
        expect(sent).toEqual([{ organizationId: ORG, reason: 'Replaced by SOP-13', accessCode: '0123' }]),
      );
      expect(
        await screen.findByText(/Withdrawn \(Obsolete\) on .* by Ada Lovelace\. Reason: Replaced by SOP-13/),
      ).toBeInTheDocument();
      expect(screen.getAllByText('Obsolete').length).toBeGreaterThan(0);
      // Withdrawn: no Withdraw any more (the dialog's title may still be closing).
      await waitFor(() =>
        expect(screen.queryAllByText('Withdraw document').filter((e) => e.closest('button'))).toEqual([]),
      );
    },
    SLOW,
  );

  it(
    `asks for the password too where the organization asks for it ${req('DOC-028')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const released = detail({ status: 'Approved', isFinal: true, releasedRevision: 2, canWithdraw: true });
      const sent: unknown[] = [];
      stubEndpoints(
        on(documents.detail, () => ({ data: released })),
        on(documents.withdraw, (_, body) => {
          sent.push(body);
          return { data: released, message: 'The Document is withdrawn (Obsolete)' };
        }),
        on(endpoints.organizations.get, () => ({ data: { ...organization, signingRequiresPassword: true } })),
        ...organizationEndpoints().slice(1),
      );
      renderDetail();

      fireEvent.click(await screen.findByText('Withdraw document'));
      const dialog = await screen.findByRole('dialog');
      const ok = within(dialog).getByText('Withdraw').closest('button')!;
      fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Retired' } });
      fireEvent.change(within(dialog).getByLabelText('Access code'), { target: { value: '123456' } });
      const password = await within(dialog).findByLabelText('Your password');
      expect(ok).toBeDisabled();
      fireEvent.change(password, { target: { value: 'Passw0rd!' } });
      await waitFor(() => expect(ok).toBeEnabled());
      fireEvent.click(ok);
      await waitFor(() =>
        expect(sent).toEqual([{ organizationId: ORG, reason: 'Retired', accessCode: '123456', password: 'Passw0rd!' }]),
      );
    },
    SLOW,
  );
});
