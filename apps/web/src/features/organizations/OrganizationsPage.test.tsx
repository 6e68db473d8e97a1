import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints, type Organization } from '@qualis/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OrganizationsPage from '../../pages/OrganizationsPage';
import { sessionStore } from '../../shared/session-store';
import { jsonResponse, on, queriesOf, renderFeature, stubEndpoints, testTokens, testUser } from '../../test/app';
import { req } from '../../../../../docs/requirements/req.js';

const { saveFile } = await import('../../shared/save-file');

const ACME = '0190a8e4-0000-7000-8000-0000000000a1';
const BETA = '0190a8e4-0000-7000-8000-0000000000b2';
const GAMMA = '0190a8e4-0000-7000-8000-0000000000c3';
const orgs = endpoints.organizations;

const org = (id: string, name: string, status: Organization['status'], isManagedByClient = false): Organization => ({
  id,
  name,
  status,
  isManagedByClient,
  logo: null,
  signingRequiresPassword: false,
  reviewReminderDays: 30,
});

let organizations: Organization[];
/** Answers of the managed-by-client call wait for this when set. */
let managedGate: Promise<void> | null;
/** The bodies the page sent to create and to rename. */
let created: unknown[];
let renamed: unknown[];

/** An in-memory server of the organizations API; `queriesOf` tells what was asked. */
function serve() {
  const byId = (id: string) => organizations.find((o) => o.id === id)!;
  return stubEndpoints(
    on(orgs.list, () => ({ data: organizations, pagination: { totalCount: organizations.length } })),
    on(orgs.create, (_, body) => {
      created.push(body);
      const added = org('0190a8e4-0000-7000-8000-0000000000d4', body.name, 'Active');
      organizations = [...organizations, added];
      return jsonResponse(201, { data: added, message: 'Organization has been successfully created!' });
    }),
    on(orgs.rename, ({ organizationId: id }, body) => {
      renamed.push(body);
      const renaming = byId(id);
      renaming.name = body.name;
      return { data: renaming, message: 'Organization name has been edited successfully' };
    }),
    on(orgs.toggleStatus, ({ organizationId: id }) => {
      const toggled = byId(id);
      toggled.status = toggled.status === 'Active' ? 'Inactive' : 'Active';
      return { data: toggled, message: 'Status has been successfully changed' };
    }),
    on(orgs.toggleManagedByClient, ({ organizationId: id }) => {
      const toggled = byId(id);
      const answer = () => {
        toggled.isManagedByClient = !toggled.isManagedByClient;
        return jsonResponse(200, { data: { id, isManagedByClient: toggled.isManagedByClient } });
      };
      return managedGate ? managedGate.then(answer) : answer();
    }),
    on(orgs.remove, ({ organizationId: id }) => {
      organizations = organizations.filter((o) => o.id !== id);
      return { data: { message: 'Organization has been deleted successfully' } };
    }),
    on(
      orgs.export,
      () =>
        new Response('\ufeffOrganizations\r\nAcme Medical\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="Organizations.csv"' },
        }),
    ),
    on(orgs.exportLogs, () => ({ data: { message: 'Your report is being generated, please, wait.' } })),
  );
}

let app: ReturnType<typeof renderFeature>;

async function openPage() {
  sessionStore.start(testUser({ role: 'SuperAdmin', organizationCount: 0 }), testTokens, false);
  const fetch = serve();
  app = renderFeature(<OrganizationsPage />, { route: '/organizations', path: '/organizations' });
  await screen.findByText('Acme Medical');
  return fetch;
}

// Role queries walk antd's large DOM slowly in jsdom: find by text and label instead.
const dialog = () => document.querySelector<HTMLElement>('.ant-modal')!;
const button = (text: string, container: HTMLElement = document.body) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === text)!;
const labelled = (label: string) => screen.getByLabelText(label);

beforeEach(() => {
  organizations = [
    org(ACME, 'Acme Medical', 'Active'),
    org(BETA, 'Beta Devices', 'Inactive'),
    org(GAMMA, 'Gamma Labs', 'Active', true),
  ];
  managedGate = null;
  created = [];
  renamed = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(saveFile).mockClear();
});

describe('organizations page (SuperAdmin)', () => {
  it(`opens an organization's Admins on a click in its row, but not one its client manages ${req('ORG-004')}`, async () => {
    await openPage();
    const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
    // A click on a control of the row (its selection box) is the control's alone.
    fireEvent.click(within(rowOf('Gamma Labs')).getByText('Active'));
    fireEvent.click(rowOf('Acme Medical').querySelector('input[type="checkbox"]')!);
    expect(app.location()).toBe('/organizations');
    fireEvent.click(within(rowOf('Beta Devices')).getByText('Inactive'));
    await waitFor(() => expect(app.location()).toBe(`/organizations/${BETA}/admins`));
  });

  it(`creates an organization: 'Create' is disabled while the name is empty or blank ${req('ORG-002')}`, async () => {
    await openPage();
    fireEvent.click(button('Add New'));
    expect(within(dialog()).getByText('Create Organization')).toBeInTheDocument();
    const create = button('Create', dialog());
    expect(create).toBeDisabled();
    const name = within(dialog()).getByLabelText('Organization name');
    fireEvent.change(name, { target: { value: '   ' } });
    expect(create).toBeDisabled();
    expect(await within(dialog()).findByText('This field is required')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: '  Delta Pharma ' } });
    await waitFor(() => expect(create).toBeEnabled());
    fireEvent.click(create);

    expect(await screen.findByText('Organization has been successfully created!')).toBeInTheDocument();
    expect(created).toEqual([{ name: 'Delta Pharma' }]);
    expect(await screen.findByText('Delta Pharma')).toBeInTheDocument();
  });

  it(`renames with the server rule: required, at most 100 characters ${req('ORG-002')}`, async () => {
    await openPage();
    fireEvent.click(labelled('Edit the name of Acme Medical'));
    const name = within(dialog()).getByLabelText('Organization name');
    expect(name).toHaveValue('Acme Medical');
    const save = button('Save', dialog());

    fireEvent.change(name, { target: { value: 'x'.repeat(101) } });
    expect(await within(dialog()).findByText('Must be 100 characters or fewer')).toBeInTheDocument();
    expect(save).toBeDisabled();
    fireEvent.change(name, { target: { value: '' } });
    expect(await within(dialog()).findByText('This field is required')).toBeInTheDocument();
    expect(save).toBeDisabled();

    fireEvent.change(name, { target: { value: 'Acme Medical Europe' } });
    fireEvent.click(save);
    expect(await screen.findByText('Organization name has been edited successfully')).toBeInTheDocument();
    expect(await screen.findByText('Acme Medical Europe')).toBeInTheDocument();
    expect(renamed).toEqual([{ name: 'Acme Medical Europe' }]);
  });

  it(`deactivates through a confirmation that says Admins and Users lose access ${req('ORG-003')}`, async () => {
    const fetch = await openPage();
    fireEvent.click(labelled('Deactivate Acme Medical'));
    expect(within(dialog()).getByText(/All its Admins and Users lose access/)).toBeInTheDocument();
    expect(queriesOf(fetch, orgs.toggleStatus)).toHaveLength(0);
    fireEvent.click(button('Deactivate', dialog()));

    expect(await screen.findByText('Status has been successfully changed')).toBeInTheDocument();
    expect(queriesOf(fetch, orgs.toggleStatus)).toHaveLength(1);
    expect(await screen.findByLabelText('Activate Acme Medical')).toBeInTheDocument();
  });

  it('flips the managed-by-client switch only when the server has answered', async () => {
    const fetch = await openPage();
    let release!: () => void;
    managedGate = new Promise((resolve) => (release = resolve));
    const toggle = labelled('Managed by client: Acme Medical');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(toggle);

    await waitFor(() => expect(queriesOf(fetch, orgs.toggleManagedByClient)).toHaveLength(1));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    release();
    await waitFor(() => expect(labelled('Managed by client: Acme Medical')).toHaveAttribute('aria-checked', 'true'));
    // Entering an organization its client manages is not possible: the view icon is inert.
    expect(labelled('View Acme Medical')).toBeDisabled();
  });

  it(`deletes only after 'I acknowledge' is ticked, and the row disappears ${req('ORG-005')}`, async () => {
    const fetch = await openPage();
    fireEvent.click(labelled('Delete Beta Devices'));
    const remove = button('Delete', dialog());
    expect(remove).toBeDisabled();
    fireEvent.click(within(dialog()).getByLabelText('I acknowledge'));
    expect(remove).toBeEnabled();
    fireEvent.click(remove);

    expect(await screen.findByText('Organization has been deleted successfully')).toBeInTheDocument();
    expect(queriesOf(fetch, orgs.remove)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Beta Devices')).not.toBeInTheDocument());
  });

  it('checks a logo file before anything is uploaded', async () => {
    const fetch = await openPage();
    fireEvent.click(labelled('Logo of Acme Medical'));
    expect(within(dialog()).getByText(/PNG or SVG with a transparent background is recommended/)).toBeInTheDocument();
    const input = () => dialog().querySelector('input[type=file]')!;

    fireEvent.change(input(), { target: { files: [new File(['gif'], 'logo.gif', { type: 'image/gif' })] } });
    expect(
      await screen.findByText('Please, upload a file in one of the formats allowed: JPG, JPGs, JPEG, PNG, SVG'),
    ).toBeInTheDocument();
    const big = new File(['x'], 'logo.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input(), { target: { files: [big] } });
    expect(await screen.findByText('Please, upload an image - 10Mb max.')).toBeInTheDocument();
    expect(queriesOf(fetch, endpoints.uploads.image)).toHaveLength(0);
    // The logo of an organization its client manages is out of reach.
    expect(labelled('Logo of Gamma Labs')).toBeDisabled();
  });

  it(`exports the checked rows as CSV with the visible columns, in order, and the sort ${req('ORG-006', 'EXP-002')}`, async () => {
    const fetch = await openPage();
    fireEvent.click(screen.getByText('Status'));
    const acmeRow = screen.getByText('Acme Medical').closest('tr')!;
    fireEvent.click(acmeRow.querySelector('input[type=checkbox]')!);
    fireEvent.click(button('Export'));
    fireEvent.click(await screen.findByText('CSV file'));

    expect(await screen.findByText('Your report is downloaded')).toBeInTheDocument();
    const [sent] = queriesOf(fetch, orgs.export);
    expect(sent!.getAll('selectedIds')).toEqual([ACME]);
    expect(sent!.getAll('columns')).toEqual(['name', 'status', 'isManagedByClient']);
    expect(sent!.get('orderBy')).toBe('status');
    expect(sent!.get('orderType')).toBe('asc');
    const [blob, fileName] = vi.mocked(saveFile).mock.calls[0]!;
    expect(fileName).toBe('Organizations.csv');
    expect(await blob.text()).toContain('Acme Medical');
  });

  it(`shows the server's 'No records to export' ${req('EXP-003')}`, async () => {
    const fetch = await openPage();
    fetch.mockImplementation(() =>
      Promise.resolve(jsonResponse(400, { errors: [{ code: 'VALIDATION_FAILED', message: 'No records to export' }] })),
    );
    fireEvent.click(button('Export'));
    fireEvent.click(await screen.findByText('CSV file'));
    expect(await screen.findByText('No records to export')).toBeInTheDocument();
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('logs panel: the status filter checks organizations, Clear all and closing forget the choice', async () => {
    await openPage();
    fireEvent.click(button('Export'));
    fireEvent.click(await screen.findByText('Logs'));
    const panel = await screen.findByLabelText('Logs export');
    const exportLogs = button('Export logs', panel);
    expect(exportLogs).toBeDisabled();
    await within(panel).findByText('Beta Devices');
    const checked = () =>
      [...panel.querySelectorAll<HTMLInputElement>('input[type=checkbox]')]
        .filter((box) => box.checked)
        .map((box) => box.closest('label')?.textContent);

    fireEvent.click(within(panel).getByLabelText('All active organizations'));
    expect(checked()).toEqual(['Acme Medical', 'Gamma Labs']);
    fireEvent.click(within(panel).getByLabelText('All inactive organizations'));
    expect(checked()).toEqual(['Beta Devices']);
    fireEvent.click(within(panel).getByLabelText('Admins'));
    // Info types and organizations, but no date range yet.
    expect(exportLogs).toBeDisabled();
    fireEvent.click(within(panel).getByLabelText('Include organization changes'));
    expect(exportLogs).toBeDisabled();

    fireEvent.click(button('Clear all', panel));
    expect(checked()).toEqual([]);
    fireEvent.click(within(panel).getByLabelText('All organizations'));
    expect(checked()).toHaveLength(3);
    fireEvent.click(within(panel).getByLabelText('Close the logs export'));
    expect(screen.queryByLabelText('Logs export')).not.toBeInTheDocument();
    fireEvent.click(button('Export'));
    fireEvent.click(await screen.findByText('Logs'));
    const reopened = await screen.findByLabelText('Logs export');
    expect(
      [...reopened.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].filter((box) => box.checked),
    ).toEqual([]);
  });
});
