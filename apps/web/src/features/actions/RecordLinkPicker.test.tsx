import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../shared/query-client';
import { NO_ACCESS } from '../access/access.api';
import { sessionStore } from '../../shared/session-store';
import { EVERY_FLAG, jsonResponse, stubApi, TestProviders, testTokens, testUser } from '../../test/app';
import { RecordLinkPicker } from './RecordLinkPicker';

const ORG = '0190a8e4-0000-7000-8000-0000000000aa';
const TASK = '0190a8e4-0000-7000-8000-0000000000b1';
const HR_RECORD = '0190a8e4-0000-7000-8000-0000000000c1';
const SOON = { timeout: 10_000 };
const NOT_FOUND = () => jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });

/** Serves the person's flags and `routes`; everything else is not found. */
const serve = (flags: object, routes: Record<string, () => Response> = {}) =>
  stubApi((route) =>
    route === 'GET /api/v1/users/me' ? jsonResponse(200, { data: flags }) : (routes[route] ?? NOT_FOUND)(),
  );

function renderPicker(onPick = vi.fn()) {
  render(
    <TestProviders>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <RecordLinkPicker organizationId={ORG} onPick={onPick} />
        </MemoryRouter>
      </QueryClientProvider>
    </TestProviders>,
  );
  return onPick;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('RecordLinkPicker', () => {
  it('looks up the actions by the typed text and hands back the chosen record’s path and description', async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    const fetch = serve(EVERY_FLAG, {
      'GET /api/v1/tasks/available': () =>
        jsonResponse(200, { data: [{ id: TASK, number: 7, name: 'Calibrate the scale' }] }),
    });
    const onPick = renderPicker();
    fireEvent.click(await screen.findByRole('button', { name: /Link to a record/ }, SOON));
    const dialog = await screen.findByRole('dialog', {}, SOON);
    expect(screen.getByRole('button', { name: 'Use this record' }).hasAttribute('disabled')).toBe(true);
    // Documents come first; actions are chosen.
    fireEvent.mouseDown(dialog.querySelectorAll('input')[0]!);
    fireEvent.click(await screen.findByText('Action', { selector: '.ant-select-item-option-content' }, SOON));

    fireEvent.change(dialog.querySelectorAll('input')[1]!, { target: { value: 'calib' } });
    await waitFor(
      () => expect(fetch.mock.calls.some(([url]) => String(url).includes('search=calib'))).toBe(true),
      SOON,
    );
    fireEvent.click(await screen.findByText('#7 Calibrate the scale', {}, SOON));
    fireEvent.click(screen.getByRole('button', { name: 'Use this record' }));
    expect(onPick).toHaveBeenCalledWith({
      path: `/organizations/${ORG}/tasks/${TASK}`,
      description: '#7 Calibrate the scale',
      kind: 'tasks',
      id: TASK,
    });
  });

  it("offers an Admin the organization's HR records by the person's name", async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    const fetch = serve(EVERY_FLAG, {
      'GET /api/v1/human-resource-records/available': () =>
        jsonResponse(200, { data: [{ id: HR_RECORD, name: 'Uma User' }] }),
    });
    const onPick = renderPicker();
    fireEvent.click(await screen.findByRole('button', { name: /Link to a record/ }, SOON));
    const dialog = await screen.findByRole('dialog', {}, SOON);
    fireEvent.mouseDown(dialog.querySelectorAll('input')[0]!);
    fireEvent.click(await screen.findByText('HR record', { selector: '.ant-select-item-option-content' }, SOON));
    fireEvent.change(dialog.querySelectorAll('input')[1]!, { target: { value: 'uma' } });
    await waitFor(
      () =>
        expect(
          fetch.mock.calls.some(
            ([url]) => String(url).includes('/human-resource-records/available?') && String(url).includes('search=uma'),
          ),
        ).toBe(true),
      SOON,
    );
    fireEvent.click(await screen.findByText('Uma User', {}, SOON));
    fireEvent.click(screen.getByRole('button', { name: 'Use this record' }));
    expect(onPick).toHaveBeenCalledWith({
      path: `/organizations/${ORG}/human-resources/${HR_RECORD}`,
      description: 'Uma User',
      kind: 'human-resources',
      id: HR_RECORD,
    });
  });

  it('is not offered to a User who may see no kind of record', async () => {
    sessionStore.start(testUser({ role: 'User' }), testTokens, false);
    serve(NO_ACCESS);
    renderPicker();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Link to a record/ })).toBeNull(), SOON);
  });

  it("offers only the kinds the server's flags allow: no HR record to an HR-limited Admin, no action to a client without canViewTasks", async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    // What the server answers for an Admin whose membership is client with "view all documents" and trainings.
    serve({ ...NO_ACCESS, canViewDocuments: true, canViewTrainingRecords: true });
    renderPicker();
    fireEvent.click(await screen.findByRole('button', { name: /Link to a record/ }, SOON));
    const dialog = await screen.findByRole('dialog', {}, SOON);
    fireEvent.mouseDown(dialog.querySelectorAll('input')[0]!);
    const option = { selector: '.ant-select-item-option-content' };
    expect(await screen.findByText('Training record', option, SOON)).toBeTruthy();
    expect(screen.getAllByText('Document', option).length).toBeGreaterThan(0);
    expect(screen.queryByText('Action', option)).toBeNull();
    expect(screen.queryByText('HR record', option)).toBeNull();
  });
});
