import { fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { req } from '../../../../docs/requirements/req.js';
import { sessionStore } from '../shared/session-store';
import { jsonResponse, on, queriesOf, renderFeature, stubEndpoints, testTokens, testUser } from '../test/app';
import AboutPage from './AboutPage';

const { saveFile } = await import('../shared/save-file');

const report = endpoints.validationReport.get;
const about = endpoints.about.get;
const facts = {
  version: '1.2.0',
  commit: '46c769fa05e1d20eee340932aac44a86f3b60283',
  madeAt: '2026-11-26T12:29:58.000Z',
  validated: false,
  verdict: 'Not validated: 2 high-risk requirements without a passing test (DOC-005, DOC-006).',
};
const renderAbout = () =>
  renderFeature(<AboutPage />, { route: '/about', path: '/about', routes: { '/profile': 'Profile' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(saveFile).mockClear();
});

describe(`the About page ${req('VAL-001')}`, () => {
  it("shows the version and the build's validation report, and downloads it as PDF and as HTML", async () => {
    sessionStore.start(testUser({ role: 'SuperAdmin' }), testTokens, false);
    const fetch = stubEndpoints(
      on(about, () => jsonResponse(200, { data: { version: '1.2.0', validationReport: facts } })),
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

    expect(await screen.findByText('Version')).toBeInTheDocument();
    expect(screen.getByText('1.2.0')).toBeInTheDocument();
    expect(screen.getByText('Not validated')).toBeInTheDocument();
    expect(screen.getByText(/from commit 46c769fa05e1 \(version 1\.2\.0\)/)).toBeInTheDocument();
    expect(screen.getByText(facts.verdict)).toHaveAttribute('lang', 'en');

    fireEvent.click(screen.getByRole('button', { name: /Download the report \(PDF\)/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('qualis-validation-report.pdf');
    fireEvent.click(screen.getByRole('button', { name: /Download the report \(HTML\)/ }));
    await waitFor(() => expect(queriesOf(fetch, report)).toHaveLength(2));
    expect(queriesOf(fetch, report).map((q) => q.get('format'))).toEqual(['pdf', 'html']);
  }, 60_000);

  it('says when the build carries no report, and offers nothing to download', async () => {
    sessionStore.start(testUser({ role: 'SuperAdmin' }), testTokens, false);
    stubEndpoints(on(about, () => jsonResponse(200, { data: { version: '1.2.0', validationReport: null } })));
    renderAbout();
    expect(await screen.findByText(/This build carries no validation report\./)).toBeInTheDocument();
    expect(screen.getByText('1.2.0')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download the report/ })).not.toBeInTheDocument();
  }, 60_000);

  it('sends anyone but the SuperAdmin to their profile', async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    renderAbout();
    expect(await screen.findByText('Profile')).toBeInTheDocument();
  });
});
