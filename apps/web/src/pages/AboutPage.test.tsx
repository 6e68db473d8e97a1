import { fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { req } from '../../../../docs/requirements/req.js';
import { sessionStore } from '../shared/session-store';
import { jsonResponse, on, queriesOf, renderFeature, stubEndpoints, testTokens, testUser } from '../test/app';
import AboutPage from './AboutPage';

const { saveFile } = await import('../shared/save-file');

const report = endpoints.validationReport.get;
const renderAbout = () =>
  renderFeature(<AboutPage />, { route: '/about', path: '/about', routes: { '/profile': 'Profile' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(saveFile).mockClear();
});

describe(`the About page ${req('VAL-001')}`, () => {
  it("downloads the build's validation report as PDF and as HTML for the SuperAdmin", async () => {
    sessionStore.start(testUser({ role: 'SuperAdmin' }), testTokens, false);
    const fetch = stubEndpoints(
      on(
        report,
        () =>
          new Response('%PDF', {
            status: 200,
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="qualis-validation-report.pdf"',
            },
          }),
      ),
    );
    renderAbout();

    fireEvent.click(await screen.findByRole('button', { name: /Download the report \(PDF\)/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('qualis-validation-report.pdf');
    fireEvent.click(screen.getByRole('button', { name: /Download the report \(HTML\)/ }));
    await waitFor(() => expect(queriesOf(fetch, report)).toHaveLength(2));
    expect(queriesOf(fetch, report).map((q) => q.get('format'))).toEqual(['pdf', 'html']);
  }, 60_000);

  it("shows the server's message when the build has no report, and saves nothing", async () => {
    sessionStore.start(testUser({ role: 'SuperAdmin' }), testTokens, false);
    const missing =
      'This build has no validation report. Build it after the tests and `npm run validation-report` (`npm run build`).';
    stubEndpoints(
      on(report, () =>
        jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: missing, messageKey: 'validationReportMissing' }] }),
      ),
    );
    renderAbout();
    fireEvent.click(await screen.findByRole('button', { name: /Download the report \(PDF\)/ }));
    expect(await screen.findByText(missing)).toBeInTheDocument();
    expect(saveFile).not.toHaveBeenCalled();
  }, 60_000);

  it('sends anyone but the SuperAdmin to their profile', async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    renderAbout();
    expect(await screen.findByText('Profile')).toBeInTheDocument();
  });
});
