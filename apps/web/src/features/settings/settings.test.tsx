import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../../test/app';
import { NO_ACCESS } from '../access/access.api';
import { formatFileSize } from './settings.api';

const LAZY = { timeout: 30_000 };
const SLOW = 60_000;
const ORG = '0190a8e4-0000-7000-8000-0000000000aa';
const organization = { id: ORG, name: 'Acme Medical', status: 'Active', isManagedByClient: false, logo: null };
const lists = [`GET /api/v1/organizations/${ORG}/document-types`, `GET /api/v1/organizations/${ORG}/tags`];

beforeAll(async () => {
  await Promise.all([import('../../layouts/OrganizationLayout'), import('../../pages/SettingsPage')]);
}, 120_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('organization settings page', () => {
  it(
    'creates a tag with the trimmed name and refuses a blank one',
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const tags: { id: string; name: string }[] = [];
      const posts: unknown[] = [];
      stubApi((route, body) => {
        if (route === `GET /api/v1/organizations/${ORG}`) return jsonResponse(200, { data: organization });
        if (route === `GET /api/v1/organizations/${ORG}/document-types`)
          return jsonResponse(200, {
            data: [
              { id: '0190a8e4-0000-7000-8000-00000000000b', name: 'SOP' },
              { id: '0190a8e4-0000-7000-8000-00000000000a', name: 'Manual' },
            ],
          });
        if (route === `GET /api/v1/organizations/${ORG}/tags`) return jsonResponse(200, { data: tags });
        if (route === `POST /api/v1/organizations/${ORG}/tags`) {
          posts.push(body);
          tags.push({ id: '0190a8e4-0000-7000-8000-00000000000c', name: (body as { name: string }).name });
          return jsonResponse(201, { data: tags[0], message: 'The tag has been successfully created' });
        }
        return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
      });
      renderApp(`/organizations/${ORG}/setting`);

      expect(await screen.findByRole('heading', { name: '"Acme Medical" Settings' }, LAZY)).toBeTruthy();
      // Document types by name.
      await screen.findByText('SOP');
      const names = [...document.querySelectorAll('.qualis-settings-entry')].map((e) => e.textContent);
      expect(names).toEqual(['Manual', 'SOP']);

      const tagsCard = screen.getByText('Tags').closest('.ant-card') as HTMLElement;
      fireEvent.click(within(tagsCard).getByRole('button', { name: /Create/ }));
      const dialog = await screen.findByRole('dialog');
      const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
      expect(create.disabled).toBe(true);
      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '   ' } });
      expect(await within(dialog).findByText('This field is required')).toBeTruthy();
      expect(create.disabled).toBe(true);
      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' ISO 13485 ' } });
      fireEvent.click(create);

      expect(await screen.findByText('The tag has been successfully created')).toBeTruthy();
      expect(posts).toEqual([{ name: 'ISO 13485' }]);
      expect(await screen.findByText('ISO 13485')).toBeTruthy();
    },
    SLOW,
  );

  it(
    "lets an Admin switch the password at signing on at once, with the server's message",
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const puts: unknown[] = [];
      stubApi((route, body) => {
        if (route === `GET /api/v1/organizations/${ORG}`)
          return jsonResponse(200, { data: { ...organization, signingRequiresPassword: false } });
        if (route === `PUT /api/v1/organizations/${ORG}/signing`) {
          puts.push(body);
          return jsonResponse(200, {
            data: { ...organization, signingRequiresPassword: true },
            message: 'The signing settings are saved',
          });
        }
        if (lists.includes(route)) return jsonResponse(200, { data: [] });
        return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
      });
      renderApp(`/organizations/${ORG}/setting`);

      expect(await screen.findByText('Electronic signatures', {}, LAZY)).toBeTruthy();
      const toggle = screen.getByRole('switch', {
        name: 'Signers re-enter their password at each review and approval',
      });
      expect(toggle.getAttribute('aria-checked')).toBe('false');
      fireEvent.click(toggle);

      expect(await screen.findByText('The signing settings are saved')).toBeTruthy();
      expect(puts).toEqual([{ signingRequiresPassword: true }]);
      await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    },
    SLOW,
  );

  it(
    'does not offer the signing setting to a User with the settings permission (Admins only)',
    async () => {
      sessionStore.start(testUser({ role: 'User' }), testTokens, false);
      stubApi((route) => {
        if (route === `GET /api/v1/organizations/${ORG}`) return jsonResponse(200, { data: organization });
        if (route === 'GET /api/v1/users/me')
          return jsonResponse(200, { data: { ...NO_ACCESS, canViewDocuments: true, canManageOrganization: true } });
        if (lists.includes(route)) return jsonResponse(200, { data: [] });
        return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
      });
      renderApp(`/organizations/${ORG}/setting`);

      expect(await screen.findByText('Document Types', {}, LAZY)).toBeTruthy();
      expect(screen.queryByText('Electronic signatures')).toBeNull();
      expect(screen.queryByRole('switch')).toBeNull();
    },
    SLOW,
  );

  it(
    'sends a User without the settings permission to the organization chooser with an error',
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
      expect(await screen.findByText('Access denied. Please, contact your support team.')).toBeTruthy();
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
