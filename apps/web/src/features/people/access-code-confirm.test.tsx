import type { Person } from '@qualis/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/query-client';
import { jsonResponse, stubApi, TestProviders, testTokens, testUser } from '../../test/app';
import { NOT_FOUND, ORG, SOON } from '../../test/organization';
import { sessionStore } from '../../shared/session-store';
import { PeopleTable } from './PeopleTable';
import { req } from '../../../../../docs/requirements/req.js';

const ANN: Person = {
  id: '0190a8e4-0000-7000-8000-000000000101',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  status: 'Active',
  isActivated: true,
  emailConfirmed: true,
  role: 'User',
  organizationUserStatuses: [{ organizationId: ORG, organizationName: 'Acme Medical', userStatus: 'Active' }],
  canBeDeleted: false,
  canResendInvite: false,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe("'Generate access code' in the list of Users", () => {
  it(`asks first, saying the previous code stops working; Cancel sends nothing, Generate sends the code ${req('SIG-001')}`, async () => {
    sessionStore.start(testUser(), testTokens, false);
    const sent: { route: string; body: unknown }[] = [];
    stubApi((route, body) => {
      if (route === 'GET /api/v1/client-users') {
        return jsonResponse(200, { data: [ANN], pagination: { totalCount: 1 } });
      }
      if (route === `PATCH /api/v1/verifications/user-access-code/${ANN.id}`) {
        sent.push({ route, body });
        return jsonResponse(200, { data: { message: 'The access code has been sent to ann@example.com' } });
      }
      return NOT_FOUND();
    });
    const onSuccess = vi.fn();
    render(
      <TestProviders>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <PeopleTable kind="users" organizationId={ORG} onSuccess={onSuccess} />
          </MemoryRouter>
        </QueryClientProvider>
      </TestProviders>,
    );
    const chooseGenerate = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Generate access code: Ann Lee' }, SOON));
      return screen.findByRole('dialog', {}, SOON);
    };

    let dialog = await chooseGenerate();
    expect(
      within(dialog).getByText('Generate a new access code for Ann Lee and send it to ann@example.com?'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('The new code replaces the previous one: the previous code stops working at once.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SOON);
    expect(sent).toEqual([]);

    dialog = await chooseGenerate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled(), SOON);
    expect(onSuccess.mock.calls[0]![0]).toBe('The access code has been sent to ann@example.com');
    expect(sent).toEqual([
      { route: `PATCH /api/v1/verifications/user-access-code/${ANN.id}`, body: { organizationId: ORG } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SOON);
  }, 120_000);
});
