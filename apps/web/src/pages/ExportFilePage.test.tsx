import { fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../shared/session-store';
import { jsonResponse, on, queriesOf, renderFeature, stubEndpoints, testTokens, testUser } from '../test/app';
import { ORG, organization } from '../test/organization';
import ExportFilePage from './ExportFilePage';

const { saveFile } = await import('../shared/save-file');

const FILE = '0190a8e4-0000-7000-8000-0000000000f1';
const download = endpoints.exportFiles.download;
const theOrganization = on(endpoints.organizations.get, () => ({ data: organization }));
const renderExport = () =>
  renderFeature(<ExportFilePage />, {
    route: '/organizations/:organizationId/exports/:fileId',
    path: `/organizations/${ORG}/exports/${FILE}`,
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(saveFile).mockClear();
});

describe('the e-mailed link of a large export', () => {
  it('downloads the file with the session on opening, and again with the button', async () => {
    sessionStore.start(testUser(), testTokens, false);
    const fetch = stubEndpoints(
      theOrganization,
      on(
        download,
        () =>
          new Response('PK zip', {
            status: 200,
            headers: {
              'Content-Type': 'application/zip',
              'Content-Disposition': 'attachment; filename="Tasks_version_ada.zip"',
            },
          }),
      ),
    );
    renderExport();

    expect(await screen.findByText('Your export')).toBeInTheDocument();
    expect(screen.getByText(/for 7 days after it was made/)).toBeInTheDocument();
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('Tasks_version_ada.zip');
    expect(await screen.findByText('Your report is downloaded')).toBeInTheDocument();
    expect(queriesOf(fetch, download)[0]!.get('organizationId')).toBe(ORG);
    expect(fetch.mock.calls.find(([url]) => url.includes('/export/files/'))![1]!.headers).toMatchObject({
      Authorization: 'Bearer access-1',
    });

    fireEvent.click(screen.getByRole('button', { name: /Download/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(2));
  }, 60_000);

  it("shows the server's message when the link has expired, and saves nothing", async () => {
    sessionStore.start(testUser(), testTokens, false);
    stubEndpoints(
      theOrganization,
      on(download, () =>
        jsonResponse(404, {
          errors: [
            {
              code: 'NOT_FOUND',
              message: 'This export link has expired. Please, export the list again.',
              messageKey: 'exportFileExpired',
            },
          ],
        }),
      ),
    );
    renderExport();
    expect(await screen.findByText('This export link has expired. Please, export the list again.')).toBeInTheDocument();
    expect(saveFile).not.toHaveBeenCalled();
  }, 60_000);
});
