import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../../test/app';

const LAZY = { timeout: 30_000 };
/** The machine may be busy: a whole journey through a page gets three minutes (see actions.test.tsx). */
const SLOW = 180_000;
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
    "switches 'View all documents' on with its five section switches, at once (spec 02 section 6)",
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      stubApi((route) => {
        if (route === `GET /api/v1/organizations/${ORG}`) return jsonResponse(200, { data: organization });
        if (route === `GET /api/v1/user-groups/${GROUP}/users`)
          return jsonResponse(200, {
            data: { users: [], group: { name: 'Auditors' }, assignedToTrainings: false },
            pagination: { totalCount: 0 },
          });
        if (route === `GET /api/v1/user-groups/${GROUP}/settings`) return jsonResponse(200, { data: [] });
        // The server's answer never comes: what shows is the screen's own preview of the rule.
        if (route === `PUT /api/v1/user-groups/${GROUP}/settings`) return new Promise<Response>(() => undefined);
        return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
      });
      renderApp(`/organizations/${ORG}/user-groups/${GROUP}`);

      expect(await screen.findByRole('heading', { name: 'Auditors' }, LAZY)).toBeTruthy();
      fireEvent.click(screen.getByRole('tab', { name: 'User Group Settings' }));
      const sections = ['General section', 'Quality Actions section', 'References section', 'Review section'];
      const firstOf = (name: string) => screen.getAllByRole('switch', { name })[0]!;
      fireEvent.click(await screen.findByRole('switch', { name: 'View all documents' }));

      await waitFor(() => expect(firstOf('Approval section').getAttribute('aria-checked')).toBe('true'));
      for (const name of sections) expect(firstOf(name).getAttribute('aria-checked')).toBe('true');
      expect(
        screen.getByRole('switch', { name: 'View approved and related documents' }).getAttribute('aria-checked'),
      ).toBe('false');
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

describe('Group trainings', () => {
  const LINUS = '0190a8e4-0000-7000-8000-0000000000dd';
  const MARIE = '0190a8e4-0000-7000-8000-0000000000de';
  const HYGIENE = '0190a8e4-0000-7000-8000-0000000000e1';
  const GOWNING = '0190a8e4-0000-7000-8000-0000000000e2';
  const trainings = [
    { id: HYGIENE, number: 4, name: 'Hand hygiene', dueDate: '2030-05-01' },
    { id: GOWNING, number: 5, name: 'Gowning', dueDate: '2030-06-01' },
  ];
  const member = {
    id: LINUS,
    firstName: 'Linus',
    lastName: 'Pauling',
    email: 'l@x.test',
    status: 'Active',
    isActivated: true,
    groupCount: 1,
    trainings: [{ id: HYGIENE, name: 'Hand hygiene' }],
  };
  const NOT_FOUND = () => jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });

  it(
    "adds people through the two-step wizard, each with the group's trainings chosen for them",
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const posts: unknown[] = [];
      stubApi((route, body) => {
        if (route === `GET /api/v1/organizations/${ORG}`) return jsonResponse(200, { data: organization });
        if (route === `GET /api/v1/user-groups/${GROUP}/users`)
          return jsonResponse(200, {
            data: { users: [], group: { name: 'Auditors' }, assignedToTrainings: true },
            pagination: { totalCount: 0 },
          });
        if (route === `GET /api/v1/user-groups/${GROUP}/all`)
          return jsonResponse(200, {
            data: [
              { id: LINUS, firstName: 'Linus', lastName: 'Pauling', email: 'l@x.test' },
              { id: MARIE, firstName: 'Marie', lastName: 'Curie', email: 'm@x.test' },
            ],
          });
        if (route === `GET /api/v1/user-groups/${GROUP}/trainings`) return jsonResponse(200, { data: trainings });
        if (route === `POST /api/v1/user-groups/${GROUP}/add`) {
          posts.push(body);
          return jsonResponse(200, {
            data: { userIds: [LINUS, MARIE] },
            message: 'User(s) have been successfully added',
          });
        }
        return NOT_FOUND();
      });
      renderApp(`/organizations/${ORG}/user-groups/${GROUP}`);

      fireEvent.click(await screen.findByRole('button', { name: /Add User\(s\)/ }, LAZY));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('01 User(s)')).toBeTruthy();
      expect(within(dialog).getByText('02 Training Record(s)')).toBeTruthy();
      const next = within(dialog).getByRole('button', { name: 'Next' }) as HTMLButtonElement;
      expect(next.disabled).toBe(true);
      fireEvent.mouseDown(within(dialog).getByRole('combobox'));
      fireEvent.click(await screen.findByText('Linus Pauling (l@x.test)', {}, { timeout: 10_000 }));
      fireEvent.click(await screen.findByText('Marie Curie (m@x.test)', {}, { timeout: 10_000 }));
      await waitFor(() => expect(next.disabled).toBe(false));
      fireEvent.click(next);

      // Step 2: one block per person, every training of the group ticked at first.
      const linus = await within(dialog).findByRole('group', { name: 'Linus Pauling (l@x.test)' }, { timeout: 10_000 });
      const marie = within(dialog).getByRole('group', { name: 'Marie Curie (m@x.test)' });
      const box = (group: HTMLElement, name: RegExp) =>
        within(group).getByRole('checkbox', { name }) as HTMLInputElement;
      expect(box(linus, /Hand hygiene/).checked).toBe(true);
      expect(box(linus, /Gowning/).checked).toBe(true);
      fireEvent.click(box(marie, /Gowning/));
      expect(box(marie, /Gowning/).checked).toBe(false);

      // Back keeps the people chosen.
      fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
      expect(await within(dialog).findByText('Marie Curie (m@x.test)')).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
      const marieAgain = await within(dialog).findByRole('group', { name: 'Marie Curie (m@x.test)' });
      expect(box(marieAgain, /Gowning/).checked).toBe(false);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

      expect(await screen.findByText('User(s) have been successfully added', {}, { timeout: 10_000 })).toBeTruthy();
      expect(posts).toEqual([
        {
          organizationId: ORG,
          users: [
            { userId: LINUS, trainingIds: [HYGIENE, GOWNING] },
            { userId: MARIE, trainingIds: [HYGIENE] },
          ],
        },
      ]);
    },
    SLOW,
  );

  it(
    "shows the person's group trainings; removes them with the not-yet-passed ones chosen, after 'I acknowledge'",
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const fetch = stubApi((route) => {
        if (route === `GET /api/v1/organizations/${ORG}`) return jsonResponse(200, { data: organization });
        if (route === `GET /api/v1/user-groups/${GROUP}/users`)
          return jsonResponse(200, {
            data: { users: [member], group: { name: 'Auditors' }, assignedToTrainings: true },
            pagination: { totalCount: 1 },
          });
        if (route === `GET /api/v1/user-groups/${GROUP}/users/${LINUS}/trainings`)
          return jsonResponse(200, {
            data: [
              { ...trainings[0], passed: false },
              { ...trainings[1], passed: true },
            ],
          });
        if (route === `DELETE /api/v1/user-groups/${GROUP}/users/${LINUS}`)
          return jsonResponse(200, {
            data: { userId: LINUS },
            message: 'User has been successfully removed from the group',
          });
        return NOT_FOUND();
      });
      renderApp(`/organizations/${ORG}/user-groups/${GROUP}`);

      const row = await screen.findByRole('row', { name: /Linus/ }, LAZY);
      expect(screen.getAllByRole('columnheader').some((h) => h.textContent?.includes('Trainings'))).toBe(true);
      expect(within(row).getByText('Hand hygiene')).toBeTruthy();

      fireEvent.click(within(row).getByRole('button', { name: 'Remove from the group: Linus Pauling' }));
      const dialog = await screen.findByRole('dialog');
      const hygiene = (await within(dialog).findByRole(
        'checkbox',
        { name: /Hand hygiene/ },
        { timeout: 10_000 },
      )) as HTMLInputElement;
      const gowning = within(dialog).getByRole('checkbox', { name: /Gowning/ }) as HTMLInputElement;
      expect(hygiene.checked).toBe(false);
      expect(hygiene.disabled).toBe(false);
      expect(gowning.disabled).toBe(true);
      expect(within(dialog).getByText('Passed')).toBeTruthy();

      const remove = within(dialog).getByRole('button', { name: 'Remove' }) as HTMLButtonElement;
      fireEvent.click(hygiene);
      expect(remove.disabled).toBe(true);
      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I acknowledge' }));
      await waitFor(() => expect(remove.disabled).toBe(false));
      fireEvent.click(remove);

      expect(
        await screen.findByText('User has been successfully removed from the group', {}, { timeout: 10_000 }),
      ).toBeTruthy();
      const url = fetch.mock.calls
        .map(([u, init]) => ({ url: new URL(u, 'http://x'), method: init?.method }))
        .find((call) => call.method === 'DELETE')!.url;
      expect(url.searchParams.get('organizationId')).toBe(ORG);
      expect(url.searchParams.getAll('trainingIds')).toEqual([HYGIENE]);
    },
    SLOW,
  );
});
