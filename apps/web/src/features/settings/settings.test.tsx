import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints, type EndpointResponse, type Organization } from '@qualis/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import SettingsPage from '../../pages/SettingsPage';
import { sessionStore } from '../../shared/session-store';
import {
  jsonResponse,
  on,
  renderApp,
  renderFeature,
  stubApi,
  stubEndpoints,
  testTokens,
  testUser,
} from '../../test/app';
import { NO_ACCESS } from '../access/access.api';
import { formatFileSize } from './settings.api';
import { req } from '../../../../../docs/requirements/req.js';

const LAZY = { timeout: 30_000 };
const SLOW = 60_000;
const ORG = '0190a8e4-0000-7000-8000-0000000000aa';
const organization: Organization = {
  id: ORG,
  name: 'Acme Medical',
  status: 'Active',
  isManagedByClient: false,
  logo: null,
  signingRequiresPassword: false,
  reviewReminderDays: 30,
};
const settings = endpoints.settings;
const noEntries = [
  on(settings['document-types'].list, () => ({ data: [] })),
  on(settings.tags.list, () => ({ data: [] })),
];

/** The settings page alone, at its route in the organization. */
const renderSettings = () =>
  renderFeature(<SettingsPage />, {
    route: '/organizations/:organizationId/setting',
    path: `/organizations/${ORG}/setting`,
  });

beforeAll(async () => {
  await Promise.all([import('../../layouts/OrganizationLayout'), import('../../pages/SettingsPage')]);
}, 120_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('organization settings page', () => {
  it(
    `creates a tag with the trimmed name and refuses a blank one ${req('SET-002')}`,
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const tags: { id: string; name: string }[] = [];
      const posts: unknown[] = [];
      stubEndpoints(
        on(endpoints.organizations.get, () => ({ data: organization })),
        on(settings['document-types'].list, () => ({
          data: [
            { id: '0190a8e4-0000-7000-8000-00000000000b', name: 'SOP', reviewIntervalMonths: 12 },
            { id: '0190a8e4-0000-7000-8000-00000000000a', name: 'Manual', reviewIntervalMonths: null },
          ],
        })),
        on(settings.tags.list, () => ({ data: tags })),
        on(settings.tags.create, (_, body) => {
          posts.push(body);
          tags.push({ id: '0190a8e4-0000-7000-8000-00000000000c', name: body.name });
          return jsonResponse(201, {
            data: tags[0]!,
            message: 'The tag has been successfully created',
          } satisfies EndpointResponse<typeof settings.tags.create>);
        }),
      );
      renderSettings();

      expect(await screen.findByRole('heading', { name: '"Acme Medical" Settings' }, LAZY)).toBeInTheDocument();
      // Document types by name (the Periodic review card lists them too).
      const typesCard = screen.getByText('Document Types').closest('.ant-card') as HTMLElement;
      await within(typesCard).findByText('SOP');
      const names = [...typesCard.querySelectorAll('.qualis-settings-entry')].map((e) => e.textContent);
      expect(names).toEqual(['Manual', 'SOP']);

      const tagsCard = screen.getByText('Tags').closest('.ant-card') as HTMLElement;
      fireEvent.click(within(tagsCard).getByRole('button', { name: /Create/ }));
      const dialog = await screen.findByRole('dialog');
      const create = within(dialog).getByRole('button', { name: 'Create' });
      expect(create).toBeDisabled();
      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '   ' } });
      expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
      expect(create).toBeDisabled();
      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' ISO 13485 ' } });
      fireEvent.click(create);

      expect(await screen.findByText('The tag has been successfully created')).toBeInTheDocument();
      expect(posts).toEqual([{ name: 'ISO 13485' }]);
      expect(await screen.findByText('ISO 13485')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "lets an Admin switch the password at signing on at once, with the server's message",
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const puts: unknown[] = [];
      stubEndpoints(
        on(endpoints.organizations.get, () => ({ data: organization })),
        on(endpoints.organizations.setSigning, (_, body) => {
          puts.push(body);
          return {
            data: { ...organization, signingRequiresPassword: true },
            message: 'The signing settings are saved',
          };
        }),
        ...noEntries,
      );
      renderSettings();

      expect(await screen.findByText('Electronic signatures', {}, LAZY)).toBeInTheDocument();
      const toggle = screen.getByRole('switch', {
        name: 'Signers re-enter their password at each review and approval',
      });
      expect(toggle).toHaveAttribute('aria-checked', 'false');
      fireEvent.click(toggle);

      expect(await screen.findByText('The signing settings are saved')).toBeInTheDocument();
      expect(puts).toEqual([{ signingRequiresPassword: true }]);
      await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    },
    SLOW,
  );

  it(
    "lets an Admin ask for 'Export everything' and shows the server's 'report is being generated'",
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const asked: unknown[] = [];
      stubEndpoints(
        on(endpoints.organizations.get, () => ({ data: organization })),
        on(endpoints.organizations.inspectionPackage, (params) => {
          asked.push(params);
          return { data: { message: 'Your report is being generated, please, wait.' } };
        }),
        ...noEntries,
      );
      renderSettings();

      expect(await screen.findByText('Inspection package', {}, LAZY)).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: /Export everything/ }));

      expect(await screen.findByText('Your report is being generated, please, wait.')).toBeInTheDocument();
      expect(asked).toEqual([{ organizationId: organization.id }]);
    },
    SLOW,
  );

  it(
    'does not offer the signing setting to a User with the settings permission (Admins only)',
    async () => {
      sessionStore.start(testUser({ role: 'User' }), testTokens, false);
      stubEndpoints(
        on(endpoints.organizations.get, () => ({ data: organization })),
        on(endpoints.profile.accessFlags, () => ({
          data: { ...NO_ACCESS, canViewDocuments: true, canManageOrganization: true },
        })),
        ...noEntries,
      );
      renderSettings();

      expect(await screen.findByText('Document Types', {}, LAZY)).toBeInTheDocument();
      expect(screen.queryByText('Electronic signatures')).not.toBeInTheDocument();
      expect(screen.queryByRole('switch')).not.toBeInTheDocument();
      expect(screen.queryByText('Inspection package')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    `sends a User without the settings permission to the organization chooser with an error ${req('SET-001')}`,
    async () => {
      sessionStore.start(testUser({ role: 'User', organizationCount: 2 }), testTokens, false);
      stubApi((route) => {
        if (route === `GET /api/v1/organizations/${ORG}`) return jsonResponse(200, { data: organization });
        if (route === 'GET /api/v1/users/me')
          return jsonResponse(200, { data: { ...NO_ACCESS, canViewDocuments: true } });
        if (route === 'GET /api/v1/organizations')
          return jsonResponse(200, { data: [], pagination: { totalCount: 0 } });
        return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
      });
      const app = renderApp(`/organizations/${ORG}/setting`);

      await waitFor(() => expect(app.location()).toBe('/user-organizations'), LAZY);
      expect(await screen.findByText('Access denied. Please, contact your support team.')).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('formatFileSize', () => {
  it('counts in 1024 steps from Bytes up', () => {
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(1024 ** 8 * 2)).toBe('2 YB');
  });
});
