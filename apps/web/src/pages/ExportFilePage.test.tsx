import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../features/session/session-store';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../test/app';

const { saveFile } = await import('../app/save-file');

const ORG = '0190a8e4-0000-7000-8000-0000000000aa';
const FILE = '0190a8e4-0000-7000-8000-0000000000f1';
const LAZY = { timeout: 30_000 };
const SOON = { timeout: 10_000 };
const organization = { id: ORG, name: 'Acme Medical', status: 'Active', isManagedByClient: false, logo: null };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(saveFile).mockClear();
});

describe('the e-mailed link of a large export', () => {
  it('downloads the file with the session on opening, and again with the button', async () => {
    sessionStore.start(testUser(), testTokens, false);
    const fetch = stubApi((route) => {
      if (route === `GET /api/v1/organizations/${ORG}`) return jsonResponse(200, { data: organization });
      if (route === `GET /api/v1/export/files/${FILE}`) {
        return new Response('PK zip', {
          status: 200,
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="Tasks_version_ada.zip"',
          },
        });
      }
      return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
    });
    renderApp(`/organizations/${ORG}/exports/${FILE}`);

    expect(await screen.findByText('Your export', {}, LAZY)).toBeTruthy();
    expect(screen.getByText(/for 7 days after it was made/)).toBeTruthy();
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1), SOON);
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('Tasks_version_ada.zip');
    expect(await screen.findByText('Your report is downloaded', {}, SOON)).toBeTruthy();
    const sent = fetch.mock.calls
      .map(([url]) => new URL(url, 'http://x'))
      .filter((u) => u.pathname.includes('/export/'));
    expect(sent[0]!.searchParams.get('organizationId')).toBe(ORG);
    expect(fetch.mock.calls.find(([url]) => url.includes('/export/files/'))![1]!.headers).toMatchObject({
      Authorization: 'Bearer access-1',
    });

    fireEvent.click(screen.getByRole('button', { name: /Download/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(2), SOON);
  }, 60_000);

  it("shows the server's message when the link has expired, and saves nothing", async () => {
    sessionStore.start(testUser(), testTokens, false);
    stubApi((route) => {
      if (route === `GET /api/v1/organizations/${ORG}`) return jsonResponse(200, { data: organization });
      return jsonResponse(404, {
        errors: [
          {
            code: 'NOT_FOUND',
            message: 'This export link has expired. Please, export the list again.',
            messageKey: 'exportFileExpired',
          },
        ],
      });
    });
    renderApp(`/organizations/${ORG}/exports/${FILE}`);
    expect(
      await screen.findByText('This export link has expired. Please, export the list again.', {}, LAZY),
    ).toBeTruthy();
    expect(saveFile).not.toHaveBeenCalled();
  }, 60_000);
});
