import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../../test/app';

const LAZY = { timeout: 30_000 };
/** The machine may be busy: a whole journey through a page gets a minute. */
const SLOW = 60_000;
const ORG = '0190a8e4-0000-7000-8000-0000000000aa';
const GROUP = '0190a8e4-0000-7000-8000-0000000000bb';
const organization = { id: ORG, name: 'Acme Medical', status: 'Active', isManagedByClient: false, logo: null };

// The pages load lazily; transforming them the first time is slow, so it happens once, up front.
beforeAll(async () => {
  await Promise.all([
    import('../../layouts/OrganizationLayout'),
    import('../../pages/UserGroupsPage'),
    import('../../pages/UserGroupPage'),
  ]);
}, 120_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('User Groups list', () => {
  it(
    'creates a group with the trimmed name; Create stays disabled while the name is blank',
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const groups: { id: string; name: string; userCount: number }[] = [];
      const fetch = stubApi((route, body) => {
        if (route === `GET /api/v1/organizations/${ORG}`) return jsonResponse(200, { data: organization });
        if (route === 'GET /api/v1/user-groups')
          return jsonResponse(200, { data: groups, pagination: { totalCount: groups.length } });
        if (route === 'POST /api/v1/user-groups') {
          const group = { id: GROUP, name: (body as { name: string }).name, userCount: 0 };
          groups.push(group);
          return jsonResponse(201, { data: group, message: 'User Group has been successfully created' });
        }
        return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
      });
      renderApp(`/organizations/${ORG}/user-groups`);

      expect(await screen.findByText('There are no User Groups to display', {}, LAZY)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: /create/i }));
      const dialog = await screen.findByRole('dialog');
      const create = within(dialog).getByRole('button', { name: 'Create' });
      expect((create as HTMLButtonElement).disabled).toBe(true);

      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '   ' } });
      expect(await within(dialog).findByText('This field is required')).toBeTruthy();
      expect((create as HTMLButtonElement).disabled).toBe(true);

      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'x'.repeat(101) } });
      expect(await within(dialog).findByText('Must be 100 characters or fewer')).toBeTruthy();
      expect((create as HTMLButtonElement).disabled).toBe(true);

      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Quality Team  ' } });
      await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(create);

      expect(await screen.findByText('User Group has been successfully created', {}, { timeout: 10_000 })).toBeTruthy();
      const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
      expect(JSON.parse(post![1]!.body as string)).toEqual({ organizationId: ORG, name: 'Quality Team' });
      expect(await screen.findByRole('link', { name: 'Quality Team' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'deletes an empty group at once and asks for "I acknowledge" when it has users',
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const groups = [
        { id: GROUP, name: 'Auditors', userCount: 2 },
        { id: '0190a8e4-0000-7000-8000-0000000000cc', name: 'Empty', userCount: 0 },
      ];
      const deletes: string[] = [];
      const fetch = stubApi((route) => {
        if (route === `GET /api/v1/organizations/${ORG}`) return jsonResponse(200, { data: organization });
        if (route === 'GET /api/v1/user-groups')
          return jsonResponse(200, { data: groups, pagination: { totalCount: 2 } });
        if (route.startsWith('DELETE /api/v1/user-groups/')) {
          deletes.push(route);
          return jsonResponse(200, { data: { id: 'x' }, message: 'User Group has been successfully deleted' });
        }
        return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
      });
      renderApp(`/organizations/${ORG}/user-groups`);

      fireEvent.click(await screen.findByRole('button', { name: 'Delete: Empty' }, LAZY));
      await waitFor(() => expect(deletes).toEqual(['DELETE /api/v1/user-groups/0190a8e4-0000-7000-8000-0000000000cc']));

      fireEvent.click(screen.getByRole('button', { name: 'Delete: Auditors' }));
      const dialog = await screen.findByRole('dialog');
      const confirm = within(dialog).getByRole('button', { name: 'Delete' });
      expect((confirm as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I acknowledge' }));
      expect((confirm as HTMLButtonElement).disabled).toBe(false);
      fireEvent.click(confirm);
      await waitFor(() => expect(deletes).toHaveLength(2));
      const url = fetch.mock.calls.map(([u]) => u).find((u) => u.includes(GROUP) && u.includes('acknowledge'));
      expect(url).toContain('acknowledge=true');
    },
    SLOW,
  );
});

describe('User group page', () => {
  it(
    'switches a permission through the server and keeps a child disabled while its parent is off',
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      let on: number[] = [];
      const puts: unknown[] = [];
      stubApi((route, body) => {
        if (route === `GET /api/v1/organizations/${ORG}`) return jsonResponse(200, { data: organization });
        if (route === `GET /api/v1/user-groups/${GROUP}/users`)
          return jsonResponse(200, {
            data: { users: [], group: { name: 'Auditors' }, assignedToTrainings: false },
            pagination: { totalCount: 0 },
          });
        if (route === `GET /api/v1/user-groups/${GROUP}/settings`) return jsonResponse(200, { data: on });
        if (route === `PUT /api/v1/user-groups/${GROUP}/settings`) {
          puts.push(body);
          on = [11];
          return jsonResponse(200, { data: on });
        }
        return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
      });
      renderApp(`/organizations/${ORG}/user-groups/${GROUP}`);

      expect(await screen.findByRole('heading', { name: 'Auditors' }, LAZY)).toBeTruthy();
      expect(screen.getByText('There are no Users to display')).toBeTruthy();
      fireEvent.click(screen.getByRole('tab', { name: 'User Group Settings' }));
      const viewAll = await screen.findByRole('switch', { name: 'View all documents' });
      const addDocuments = screen.getAllByRole('switch', { name: 'Add documents' })[0] as HTMLButtonElement;
      expect(addDocuments.disabled).toBe(true);

      fireEvent.click(viewAll);
      await waitFor(() => expect(addDocuments.disabled).toBe(false));
      expect(puts).toEqual([{ organizationId: ORG, type: 11 }]);
      expect(viewAll.getAttribute('aria-checked')).toBe('true');
    },
    SLOW,
  );

  it(
    'adds a chosen user; Add is disabled with nobody chosen',
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const posts: unknown[] = [];
      stubApi((route, body) => {
        if (route === `GET /api/v1/organizations/${ORG}`) return jsonResponse(200, { data: organization });
        if (route === `GET /api/v1/user-groups/${GROUP}/users`)
          return jsonResponse(200, {
            data: { users: [], group: { name: 'Auditors' }, assignedToTrainings: false },
            pagination: { totalCount: 0 },
          });
        if (route === `GET /api/v1/user-groups/${GROUP}/all`)
          return jsonResponse(200, {
            data: [
              {
                id: '0190a8e4-0000-7000-8000-0000000000dd',
                firstName: 'Linus',
                lastName: 'Pauling',
                email: 'l@x.test',
              },
            ],
          });
        if (route === `POST /api/v1/user-groups/${GROUP}/add`) {
          posts.push(body);
          return jsonResponse(200, { data: { userIds: [] }, message: 'User(s) have been successfully added' });
        }
        return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
      });
      renderApp(`/organizations/${ORG}/user-groups/${GROUP}`);

      fireEvent.click(await screen.findByRole('button', { name: /Add User\(s\)/ }, LAZY));
      const dialog = await screen.findByRole('dialog');
      const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
      expect(add.disabled).toBe(true);
      fireEvent.mouseDown(within(dialog).getByRole('combobox'));
      fireEvent.click(await screen.findByText('Linus Pauling (l@x.test)', {}, { timeout: 10_000 }));
      await waitFor(() => expect(add.disabled).toBe(false));
      fireEvent.click(add);
      expect(await screen.findByText('User(s) have been successfully added', {}, { timeout: 10_000 })).toBeTruthy();
      expect(posts).toEqual([
        { organizationId: ORG, users: [{ userId: '0190a8e4-0000-7000-8000-0000000000dd', trainingIds: [] }] },
      ]);
    },
    SLOW,
  );
});
