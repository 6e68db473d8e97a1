import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../../test/app';

const { saveFile } = await import('../../app/save-file');

const LAZY = { timeout: 10_000 };
const ACME = '0190a8e4-0000-7000-8000-0000000000a1';
const BETA = '0190a8e4-0000-7000-8000-0000000000b2';
const GAMMA = '0190a8e4-0000-7000-8000-0000000000c3';

interface Org {
  id: string;
  name: string;
  status: 'Active' | 'Inactive';
  isManagedByClient: boolean;
  logo: null;
}

let organizations: Org[];
/** Answers of the managed-by-client call wait for this when set. */
let managedGate: Promise<void> | null;

/** An in-memory server of the organizations API; `fetch.mock.calls` tells what was sent. */
function serve() {
  return stubApi((route, body) => {
    const [method, path] = route.split(' ') as [string, string];
    if (route === 'GET /api/v1/organizations') {
      return jsonResponse(200, { data: organizations, pagination: { totalCount: organizations.length } });
    }
    if (route === 'POST /api/v1/organizations') {
      const created: Org = {
        id: '0190a8e4-0000-7000-8000-0000000000d4',
        name: (body as { name: string }).name,
        status: 'Active',
        isManagedByClient: false,
        logo: null,
      };
      organizations = [...organizations, created];
      return jsonResponse(201, { data: created, message: 'Organization has been successfully created!' });
    }
    const match = /^\/api\/v1\/organizations\/([^/]+)(?:\/(.+))?$/.exec(path);
    const org = organizations.find((o) => o.id === match?.[1]);
    if (match && org) {
      const action = match[2];
      if (method === 'PUT' && action === 'name') {
        org.name = (body as { name: string }).name;
        return jsonResponse(200, { data: org, message: 'Organization name has been edited successfully' });
      }
      if (method === 'PATCH' && action === 'status') {
        org.status = org.status === 'Active' ? 'Inactive' : 'Active';
        return jsonResponse(200, { data: org, message: 'Status has been successfully changed' });
      }
      if (method === 'PATCH' && action === 'managed-by-client') {
        const answer = () => {
          org.isManagedByClient = !org.isManagedByClient;
          return jsonResponse(200, { data: { id: org.id, isManagedByClient: org.isManagedByClient } });
        };
        return (managedGate ? managedGate.then(answer) : answer()) as unknown as Response;
      }
      if (method === 'DELETE' && action === undefined) {
        organizations = organizations.filter((o) => o !== org);
        return jsonResponse(200, { data: { message: 'Organization has been deleted successfully' } });
      }
    }
    if (route === 'GET /api/v1/export/organizations') {
      return new Response('\ufeffOrganizations\r\nAcme Medical\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="Organizations.csv"' },
      });
    }
    if (route === 'GET /api/v1/export/Organization-logs') {
      return jsonResponse(200, { data: { message: 'Your report is being generated, please, wait.' } });
    }
    return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
  });
}

const sentTo = (fetch: ReturnType<typeof serve>, method: string, path: string) =>
  fetch.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({ url: new URL(input, 'http://localhost'), init }))
    .filter(({ url }) => url.pathname === `/api/v1${path}`);

let app: ReturnType<typeof renderApp>;

async function openPage() {
  sessionStore.start(testUser({ role: 'SuperAdmin', organizationCount: 0 }), testTokens, false);
  const fetch = serve();
  app = renderApp('/organizations');
  await screen.findByText('Acme Medical', {}, LAZY);
  return fetch;
}

// Role queries walk antd's large DOM slowly in jsdom: find by text and label instead.
const dialog = () => document.querySelector<HTMLElement>('.ant-modal')!;
const button = (text: string, container: HTMLElement = document.body) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement;
const labelled = (label: string) => screen.getByLabelText(label) as HTMLButtonElement;

beforeEach(() => {
  organizations = [
    { id: ACME, name: 'Acme Medical', status: 'Active', isManagedByClient: false, logo: null },
    { id: BETA, name: 'Beta Devices', status: 'Inactive', isManagedByClient: false, logo: null },
    { id: GAMMA, name: 'Gamma Labs', status: 'Active', isManagedByClient: true, logo: null },
  ];
  managedGate = null;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(saveFile).mockClear();
});

describe('organizations page (SuperAdmin)', () => {
  it("opens an organization's Admins on a click in its row, but not one its client manages", async () => {
    await openPage();
    const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
    // A click on a control of the row (its selection box) is the control's alone.
    fireEvent.click(within(rowOf('Gamma Labs')).getByText('Active'));
    fireEvent.click(rowOf('Acme Medical').querySelector('input[type="checkbox"]')!);
    expect(app.location()).toBe('/organizations');
    fireEvent.click(within(rowOf('Beta Devices')).getByText('Inactive'));
    await waitFor(() => expect(app.location()).toBe(`/organizations/${BETA}/admins`), { timeout: 10_000 });
  });

  it("creates an organization: 'Create' is disabled while the name is empty or blank", async () => {
    const fetch = await openPage();
    fireEvent.click(button('Add New'));
    expect(within(dialog()).getByText('Create Organization')).toBeTruthy();
    const create = button('Create', dialog());
    expect(create.disabled).toBe(true);
    const name = within(dialog()).getByLabelText('Organization name');
    fireEvent.change(name, { target: { value: '   ' } });
    expect(create.disabled).toBe(true);
    expect(await within(dialog()).findByText('This field is required', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.change(name, { target: { value: '  Delta Pharma ' } });
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);

    expect(
      await screen.findByText('Organization has been successfully created!', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(sentTo(fetch, 'POST', '/organizations').map(({ init }) => JSON.parse(String(init?.body)))).toEqual([
      { name: 'Delta Pharma' },
    ]);
    expect(await screen.findByText('Delta Pharma', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('renames with the server rule: required, at most 100 characters', async () => {
    const fetch = await openPage();
    fireEvent.click(labelled('Edit the name of Acme Medical'));
    const name = within(dialog()).getByLabelText('Organization name') as HTMLInputElement;
    expect(name.value).toBe('Acme Medical');
    const save = button('Save', dialog());

    fireEvent.change(name, { target: { value: 'x'.repeat(101) } });
    expect(await within(dialog()).findByText('Must be 100 characters or fewer', {}, { timeout: 10_000 })).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(name, { target: { value: '' } });
    expect(await within(dialog()).findByText('This field is required', {}, { timeout: 10_000 })).toBeTruthy();
    expect(save.disabled).toBe(true);

    fireEvent.change(name, { target: { value: 'Acme Medical Europe' } });
    fireEvent.click(save);
    expect(
      await screen.findByText('Organization name has been edited successfully', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Acme Medical Europe', {}, { timeout: 10_000 })).toBeTruthy();
    expect(JSON.parse(String(sentTo(fetch, 'PUT', `/organizations/${ACME}/name`)[0]?.init?.body))).toEqual({
      name: 'Acme Medical Europe',
    });
  });

  it('deactivates through a confirmation that says Admins and Users lose access', async () => {
    const fetch = await openPage();
    fireEvent.click(labelled('Deactivate Acme Medical'));
    expect(within(dialog()).getByText(/All its Admins and Users lose access/)).toBeTruthy();
    expect(sentTo(fetch, 'PATCH', `/organizations/${ACME}/status`)).toHaveLength(0);
    fireEvent.click(button('Deactivate', dialog()));

    expect(await screen.findByText('Status has been successfully changed', {}, { timeout: 10_000 })).toBeTruthy();
    expect(sentTo(fetch, 'PATCH', `/organizations/${ACME}/status`)).toHaveLength(1);
    expect(await screen.findByLabelText('Activate Acme Medical')).toBeTruthy();
  });

  it('flips the managed-by-client switch only when the server has answered', async () => {
    const fetch = await openPage();
    let release!: () => void;
    managedGate = new Promise((resolve) => (release = resolve));
    const toggle = labelled('Managed by client: Acme Medical');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);

    await waitFor(() => expect(sentTo(fetch, 'PATCH', `/organizations/${ACME}/managed-by-client`)).toHaveLength(1));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    release();
    await waitFor(() => expect(labelled('Managed by client: Acme Medical').getAttribute('aria-checked')).toBe('true'));
    // Entering an organization its client manages is not possible: the view icon is inert.
    expect(labelled('View Acme Medical').disabled).toBe(true);
  });

  it("deletes only after 'I acknowledge' is ticked, and the row disappears", async () => {
    const fetch = await openPage();
    fireEvent.click(labelled('Delete Beta Devices'));
    const remove = button('Delete', dialog());
    expect(remove.disabled).toBe(true);
    fireEvent.click(within(dialog()).getByLabelText('I acknowledge'));
    expect(remove.disabled).toBe(false);
    fireEvent.click(remove);

    expect(await screen.findByText('Organization has been deleted successfully', {}, { timeout: 10_000 })).toBeTruthy();
    expect(sentTo(fetch, 'DELETE', `/organizations/${BETA}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Beta Devices')).toBeNull());
  });

  it('checks a logo file before anything is uploaded', async () => {
    const fetch = await openPage();
    fireEvent.click(labelled('Logo of Acme Medical'));
    expect(within(dialog()).getByText(/PNG or SVG with a transparent background is recommended/)).toBeTruthy();
    const input = () => dialog().querySelector('input[type=file]') as HTMLInputElement;

    fireEvent.change(input(), { target: { files: [new File(['gif'], 'logo.gif', { type: 'image/gif' })] } });
    expect(
      await screen.findByText(
        'Please, upload a file in one of the formats allowed: JPG, JPGs, JPEG, PNG, SVG',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    const big = new File(['x'], 'logo.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input(), { target: { files: [big] } });
    expect(await screen.findByText('Please, upload an image - 10Mb max.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(sentTo(fetch, 'POST', '/upload/image')).toHaveLength(0);
    // The logo of an organization its client manages is out of reach.
    expect(labelled('Logo of Gamma Labs').disabled).toBe(true);
  });

  it('exports the checked rows as CSV with the visible columns, in order, and the sort', async () => {
    const fetch = await openPage();
    fireEvent.click(screen.getByText('Status'));
    const acmeRow = screen.getByText('Acme Medical').closest('tr')!;
    fireEvent.click(acmeRow.querySelector('input[type=checkbox]')!);
    fireEvent.click(button('Export'));
    fireEvent.click(await screen.findByText('CSV file', {}, { timeout: 10_000 }));

    expect(await screen.findByText('Your report is downloaded', {}, { timeout: 10_000 })).toBeTruthy();
    const [sent] = sentTo(fetch, 'GET', '/export/organizations');
    expect(sent!.url.searchParams.getAll('selectedIds')).toEqual([ACME]);
    expect(sent!.url.searchParams.getAll('columns')).toEqual(['name', 'status', 'isManagedByClient']);
    expect(sent!.url.searchParams.get('orderBy')).toBe('status');
    expect(sent!.url.searchParams.get('orderType')).toBe('asc');
    const [blob, fileName] = vi.mocked(saveFile).mock.calls[0]!;
    expect(fileName).toBe('Organizations.csv');
    expect(await blob.text()).toContain('Acme Medical');
  });

  it("shows the server's 'No records to export'", async () => {
    const fetch = await openPage();
    fetch.mockImplementation(() =>
      Promise.resolve(jsonResponse(400, { errors: [{ code: 'VALIDATION_FAILED', message: 'No records to export' }] })),
    );
    fireEvent.click(button('Export'));
    fireEvent.click(await screen.findByText('CSV file', {}, { timeout: 10_000 }));
    expect(await screen.findByText('No records to export', {}, { timeout: 10_000 })).toBeTruthy();
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('logs panel: the status filter checks organizations, Clear all and closing forget the choice', async () => {
    await openPage();
    fireEvent.click(button('Export'));
    fireEvent.click(await screen.findByText('Logs', {}, { timeout: 10_000 }));
    const panel = await screen.findByLabelText('Logs export');
    const exportLogs = button('Export logs', panel);
    expect(exportLogs.disabled).toBe(true);
    await within(panel).findByText('Beta Devices');
    const checked = () =>
      [...panel.querySelectorAll<HTMLInputElement>('input[type=checkbox]')]
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => box.closest('label')?.textContent);

    fireEvent.click(within(panel).getByLabelText('All active organizations'));
    expect(checked()).toEqual(['Acme Medical', 'Gamma Labs']);
    fireEvent.click(within(panel).getByLabelText('All inactive organizations'));
    expect(checked()).toEqual(['Beta Devices']);
    fireEvent.click(within(panel).getByLabelText('Admins'));
    // Info types and organizations, but no date range yet.
    expect(exportLogs.disabled).toBe(true);
    fireEvent.click(within(panel).getByLabelText('Include organization changes'));
    expect(exportLogs.disabled).toBe(true);

    fireEvent.click(button('Clear all', panel));
    expect(checked()).toEqual([]);
    fireEvent.click(within(panel).getByLabelText('All organizations'));
    expect(checked()).toHaveLength(3);
    fireEvent.click(within(panel).getByLabelText('Close the logs export'));
    expect(screen.queryByLabelText('Logs export')).toBeNull();
    fireEvent.click(button('Export'));
    fireEvent.click(await screen.findByText('Logs', {}, { timeout: 10_000 }));
    const reopened = await screen.findByLabelText('Logs export');
    expect(
      [...reopened.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].filter((box) => box.checked),
    ).toEqual([]);
  });
});
