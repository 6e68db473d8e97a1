import type { Action, Notification } from '@qualis/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../shared/i18n';
import { createQueryClient } from '../../shared/query-client';
import { jsonResponse, stubApi, TestProviders, testTokens, testUser } from '../../test/app';
import { sessionStore } from '../../shared/session-store';
import { NOT_FOUND, ORG, SOON, ada, uma } from '../../test/organization';
import { NotificationEntry } from '../notifications/NotificationEntry';
import { ActionsTable } from './ActionsTable';

const DOCUMENT = '0190a8e4-0000-7000-8000-0000000000d1';
const TRAINING = '0190a8e4-0000-7000-8000-0000000000e1';

const action = (overrides: Partial<Action>): Action => ({
  id: '0190a8e4-0000-7000-8000-0000000000b1',
  number: 7,
  name: 'Approve SOP-007 "Cleanroom Gowning" revision 2',
  nameKey: 'approveDocument',
  nameParams: { documentId: 'SOP-007', name: 'Cleanroom Gowning', revision: '2' },
  description: 'You are an approver of this document revision.',
  descriptionKey: 'approveDocument',
  status: 0,
  dueDate: '2030-05-01',
  link: `/organizations/${ORG}/documents/${DOCUMENT}?revision=2`,
  linkDescription: 'SOP-007 Cleanroom Gowning',
  extraLink: null,
  extraLinkDescription: null,
  tags: [],
  tagIds: [],
  assignee: uma,
  assigner: ada,
  creator: ada,
  kind: 'approval',
  createdAt: '2030-04-01T09:30:00.000Z',
  creationDate: '2030-04-01',
  creationTime: '09:30:00',
  completedAt: null,
  canBeEdited: true,
  canChangeStatus: false,
  canBeDeleted: true,
  ...overrides,
});

const rows = [
  action({}),
  // Renamed by a person: shown as written, in every language.
  action({
    id: '0190a8e4-0000-7000-8000-0000000000b2',
    number: 8,
    name: 'Approve the gowning SOP first',
    nameKey: null,
    nameParams: null,
    kind: 'approval',
  }),
  // A record linked without a description: named by its kind, never by its path.
  action({
    id: '0190a8e4-0000-7000-8000-0000000000b3',
    number: 9,
    name: 'Pass the training #4 "Hand hygiene"',
    nameKey: 'passTraining',
    nameParams: { number: '4', name: 'Hand hygiene' },
    kind: 'training',
    link: `/organizations/${ORG}/training-records/${TRAINING}`,
    linkDescription: null,
  }),
];

function renderList() {
  sessionStore.start(testUser(), testTokens, false);
  stubApi((route) =>
    route === 'GET /api/v1/tasks' ? jsonResponse(200, { data: rows, pagination: { totalCount: 3 } }) : NOT_FOUND(),
  );
  return render(
    <TestProviders>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ActionsTable organizationId={ORG} onSuccess={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>
    </TestProviders>,
  );
}

afterEach(async () => {
  await changeLanguage('en');
});

describe('automatic actions in the reader’s language', () => {
  it('shows a German reader the German name, and the record’s name in the Link column', async () => {
    await changeLanguage('de');
    const { container } = renderList();

    const name = await screen.findByRole('link', { name: 'SOP-007 „Cleanroom Gowning“ Revision 2 freigeben' }, SOON);
    const row = name.closest('tr')!;
    expect(screen.queryByText(rows[0]!.name)).toBeNull();
    const link = within(row).getByRole('link', { name: 'SOP-007 Cleanroom Gowning' });
    expect(link.getAttribute('href')).toBe(`/organizations/${ORG}/documents/${DOCUMENT}?revision=2`);

    expect(screen.getByRole('link', { name: 'Approve the gowning SOP first' })).toBeTruthy();
    const training = screen.getByRole('link', { name: 'Die Schulung #4 „Hand hygiene“ bestehen' }).closest('tr')!;
    expect(within(training).getByRole('link', { name: 'Schulung' })).toBeTruthy();

    // No cell shows an internal path.
    expect(container.querySelector('tbody')!.textContent).not.toContain('/organizations/');
  });

  it('shows an English reader the English name', async () => {
    renderList();
    expect(
      await screen.findByRole('link', { name: 'Approve SOP-007 "Cleanroom Gowning" revision 2' }, SOON),
    ).toBeTruthy();
  });

  it('names the action of a notification in the reader’s language', async () => {
    await changeLanguage('el');
    const notification: Notification = {
      id: '0190a8e4-0000-7000-8000-0000000000f1',
      kind: 'ActionAssigned',
      status: 'Unread',
      createdAt: new Date().toISOString(),
      task: {
        id: rows[0]!.id,
        number: 7,
        name: rows[0]!.name,
        nameKey: 'approveDocument',
        nameParams: { documentId: 'SOP-007', name: 'Cleanroom Gowning', revision: '2' },
        dueDate: '2030-05-01',
      },
    };
    render(<NotificationEntry notification={notification} />);
    expect(screen.getByText('Έγκριση SOP-007 «Cleanroom Gowning» αναθεώρηση 2')).toBeTruthy();
    expect(screen.queryByText(rows[0]!.name)).toBeNull();
  });
});
