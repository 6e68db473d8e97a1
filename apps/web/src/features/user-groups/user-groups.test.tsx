import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UserGroupPage from '../../pages/UserGroupPage';
import UserGroupsPage from '../../pages/UserGroupsPage';
import { sessionStore } from '../../shared/session-store';
import { jsonResponse, on, queriesOf, renderFeature, stubEndpoints, testTokens, testUser } from '../../test/app';
import { ORG, organization } from '../../test/organization';
import { req } from '../../../../../docs/requirements/req.js';

/** The machine may be busy: a whole journey through a page gets a minute. */
const SLOW = 60_000;
const GROUP = '0190a8e4-0000-7000-8000-0000000000bb';
const EMPTY = '0190a8e4-0000-7000-8000-0000000000cc';
const groups = endpoints.userGroups;
const theOrganization = on(endpoints.organizations.get, () => ({ data: organization }));

const renderList = () =>
  renderFeature(<UserGroupsPage />, {
    route: '/organizations/:organizationId/user-groups',
    path: `/organizations/${ORG}/user-groups`,
  });
const renderGroup = () =>
  renderFeature(<UserGroupPage />, {
    route: '/organizations/:organizationId/user-groups/:groupId',
    path: `/organizations/${ORG}/user-groups/${GROUP}`,
  });

/** A group without members, Auditors. */
const noUsers = on(groups.users, () => ({
  data: { users: [], group: { name: 'Auditors' }, assignedToTrainings: false },
  pagination: { totalCount: 0 },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('User Groups list', () => {
  it(
    `creates a group with the trimmed name; Create stays disabled while the name is blank ${req('GRP-001')}`,
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const rows: { id: string; name: string; userCount: number }[] = [];
      const posts: unknown[] = [];
      stubEndpoints(
        theOrganization,
        on(groups.list, () => ({ data: rows, pagination: { totalCount: rows.length } })),
        on(groups.create, (_, body) => {
          posts.push(body);
          const group = { id: GROUP, name: body.name, userCount: 0 };
          rows.push(group);
          return jsonResponse(201, { data: group, message: 'User Group has been successfully created' });
        }),
      );
      renderList();

      expect(await screen.findByText('There are no User Groups to display')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: /create/i }));
      const dialog = await screen.findByRole('dialog');
      const create = within(dialog).getByRole('button', { name: 'Create' });
      expect(create).toBeDisabled();

      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '   ' } });
      expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
      expect(create).toBeDisabled();

      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'x'.repeat(101) } });
      expect(await within(dialog).findByText('Must be 100 characters or fewer')).toBeInTheDocument();
      expect(create).toBeDisabled();

      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Quality Team  ' } });
      await waitFor(() => expect(create).toBeEnabled());
      fireEvent.click(create);

      expect(await screen.findByText('User Group has been successfully created')).toBeInTheDocument();
      expect(posts).toEqual([{ organizationId: ORG, name: 'Quality Team' }]);
      expect(await screen.findByRole('link', { name: 'Quality Team' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    `deletes an empty group at once and asks for "I acknowledge" when it has users ${req('GRP-002')}`,
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const rows = [
        { id: GROUP, name: 'Auditors', userCount: 2 },
        { id: EMPTY, name: 'Empty', userCount: 0 },
      ];
      const deletes: string[] = [];
      const fetch = stubEndpoints(
        theOrganization,
        on(groups.list, () => ({ data: rows, pagination: { totalCount: 2 } })),
        on(groups.remove, ({ groupId: id }) => {
          deletes.push(id);
          return { data: { id }, message: 'User Group has been successfully deleted' };
        }),
      );
      renderList();

      fireEvent.click(await screen.findByRole('button', { name: 'Delete: Empty' }));
      await waitFor(() => expect(deletes).toEqual([EMPTY]));

      fireEvent.click(screen.getByRole('button', { name: 'Delete: Auditors' }));
      const dialog = await screen.findByRole('dialog');
      const confirm = within(dialog).getByRole('button', { name: 'Delete' });
      expect(confirm).toBeDisabled();
      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I acknowledge' }));
      expect(confirm).toBeEnabled();
      fireEvent.click(confirm);
      await waitFor(() => expect(deletes).toEqual([EMPTY, GROUP]));
      expect(queriesOf(fetch, groups.remove)[1]!.get('acknowledge')).toBe('true');
    },
    SLOW,
  );
});

describe('User group page', () => {
  it(
    `switches a permission through the server and keeps a child disabled while its parent is off ${req('PERM-003')}`,
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      let enabled: number[] = [];
      const puts: unknown[] = [];
      stubEndpoints(
        theOrganization,
        noUsers,
        on(groups.settings, () => ({ data: enabled })),
        on(groups.togglePermission, (_, body) => {
          puts.push(body);
          enabled = [11];
          return { data: enabled };
        }),
      );
      renderGroup();

      expect(await screen.findByRole('heading', { name: 'Auditors' })).toBeInTheDocument();
      expect(screen.getByText('There are no Users to display')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('tab', { name: 'User Group Settings' }));
      const viewAll = await screen.findByRole('switch', { name: 'View all documents' });
      const addDocuments = screen.getAllByRole('switch', { name: 'Add documents' })[0];
      expect(addDocuments).toBeDisabled();

      fireEvent.click(viewAll);
      await waitFor(() => expect(addDocuments).toBeEnabled());
      expect(puts).toEqual([{ organizationId: ORG, type: 11 }]);
      expect(viewAll).toHaveAttribute('aria-checked', 'true');
    },
    SLOW,
  );

  it(
    "switches 'View all documents' on with its five section switches, at once (spec 02 section 6)",
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      stubEndpoints(
        theOrganization,
        noUsers,
        on(groups.settings, () => ({ data: [] })),
        // The server's answer never comes: what shows is the screen's own preview of the rule.
        on(groups.togglePermission, () => new Promise<Response>(() => undefined)),
      );
      renderGroup();

      expect(await screen.findByRole('heading', { name: 'Auditors' })).toBeInTheDocument();
      fireEvent.click(screen.getByRole('tab', { name: 'User Group Settings' }));
      const sections = ['General section', 'Quality Actions section', 'References section', 'Review section'];
      const firstOf = (name: string) => screen.getAllByRole('switch', { name })[0]!;
      fireEvent.click(await screen.findByRole('switch', { name: 'View all documents' }));

      await waitFor(() => expect(firstOf('Approval section')).toHaveAttribute('aria-checked', 'true'));
      for (const name of sections) expect(firstOf(name)).toHaveAttribute('aria-checked', 'true');
      expect(screen.getByRole('switch', { name: 'View approved and related documents' })).toHaveAttribute(
        'aria-checked',
        'false',
      );
    },
    SLOW,
  );

  it(
    'adds a chosen user; Add is disabled with nobody chosen',
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const posts: unknown[] = [];
      stubEndpoints(
        theOrganization,
        noUsers,
        on(groups.userOptions, () => ({
          data: [
            {
              id: '0190a8e4-0000-7000-8000-0000000000dd',
              firstName: 'Linus',
              lastName: 'Pauling',
              email: 'l@x.test',
            },
          ],
        })),
        on(groups.addUsers, (_, body) => {
          posts.push(body);
          return { data: { userIds: [] }, message: 'User(s) have been successfully added' };
        }),
      );
      renderGroup();

      fireEvent.click(await screen.findByRole('button', { name: /Add User\(s\)/ }));
      const dialog = await screen.findByRole('dialog');
      const add = within(dialog).getByRole('button', { name: 'Add' });
      expect(add).toBeDisabled();
      fireEvent.mouseDown(within(dialog).getByRole('combobox'));
      fireEvent.click(await screen.findByText('Linus Pauling (l@x.test)'));
      await waitFor(() => expect(add).toBeEnabled());
      fireEvent.click(add);
      expect(await screen.findByText('User(s) have been successfully added')).toBeInTheDocument();
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
    status: 'Active' as const,
    isActivated: true,
    groupCount: 1,
    trainings: [{ id: HYGIENE, name: 'Hand hygiene' }],
  };

  it(
    `adds people through the two-step wizard, each with the group's trainings chosen for them ${req('GRP-003')}`,
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const posts: unknown[] = [];
      stubEndpoints(
        theOrganization,
        on(groups.users, () => ({
          data: { users: [], group: { name: 'Auditors' }, assignedToTrainings: true },
          pagination: { totalCount: 0 },
        })),
        on(groups.userOptions, () => ({
          data: [
            { id: LINUS, firstName: 'Linus', lastName: 'Pauling', email: 'l@x.test' },
            { id: MARIE, firstName: 'Marie', lastName: 'Curie', email: 'm@x.test' },
          ],
        })),
        on(groups.trainings, () => ({ data: trainings })),
        on(groups.addUsers, (_, body) => {
          posts.push(body);
          return { data: { userIds: [LINUS, MARIE] }, message: 'User(s) have been successfully added' };
        }),
      );
      renderGroup();

      fireEvent.click(await screen.findByRole('button', { name: /Add User\(s\)/ }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('01 User(s)')).toBeInTheDocument();
      expect(within(dialog).getByText('02 Training Record(s)')).toBeInTheDocument();
      const next = within(dialog).getByRole('button', { name: 'Next' });
      expect(next).toBeDisabled();
      fireEvent.mouseDown(within(dialog).getByRole('combobox'));
      fireEvent.click(await screen.findByText('Linus Pauling (l@x.test)'));
      fireEvent.click(await screen.findByText('Marie Curie (m@x.test)'));
      await waitFor(() => expect(next).toBeEnabled());
      fireEvent.click(next);

      // Step 2: one block per person, every training of the group ticked at first.
      const linus = await within(dialog).findByRole('group', { name: 'Linus Pauling (l@x.test)' });
      const marie = within(dialog).getByRole('group', { name: 'Marie Curie (m@x.test)' });
      const box = (group: HTMLElement, name: RegExp) => within(group).getByRole('checkbox', { name });
      expect(box(linus, /Hand hygiene/)).toBeChecked();
      expect(box(linus, /Gowning/)).toBeChecked();
      fireEvent.click(box(marie, /Gowning/));
      expect(box(marie, /Gowning/)).not.toBeChecked();

      // Back keeps the people chosen.
      fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
      expect(await within(dialog).findByText('Marie Curie (m@x.test)')).toBeInTheDocument();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
      const marieAgain = await within(dialog).findByRole('group', { name: 'Marie Curie (m@x.test)' });
      expect(box(marieAgain, /Gowning/)).not.toBeChecked();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

      expect(await screen.findByText('User(s) have been successfully added')).toBeInTheDocument();
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
    `shows the person's group trainings; removes them with the not-yet-passed ones chosen, after 'I acknowledge' ${req('GRP-003')}`,
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const fetch = stubEndpoints(
        theOrganization,
        on(groups.users, () => ({
          data: { users: [member], group: { name: 'Auditors' }, assignedToTrainings: true },
          pagination: { totalCount: 1 },
        })),
        on(groups.userTrainings, () => ({
          data: [
            { ...trainings[0]!, passed: false },
            { ...trainings[1]!, passed: true },
          ],
        })),
        on(groups.removeUser, () => ({
          data: { userId: LINUS },
          message: 'User has been successfully removed from the group',
        })),
      );
      renderGroup();

      const row = await screen.findByRole('row', { name: /Linus/ });
      expect(screen.getAllByRole('columnheader').some((h) => h.textContent?.includes('Trainings'))).toBe(true);
      expect(within(row).getByText('Hand hygiene')).toBeInTheDocument();

      fireEvent.click(within(row).getByRole('button', { name: 'Remove from the group: Linus Pauling' }));
      const dialog = await screen.findByRole('dialog');
      const hygiene = await within(dialog).findByRole('checkbox', { name: /Hand hygiene/ });
      const gowning = within(dialog).getByRole('checkbox', { name: /Gowning/ });
      expect(hygiene).not.toBeChecked();
      expect(hygiene).toBeEnabled();
      expect(gowning).toBeDisabled();
      expect(within(dialog).getByText('Passed')).toBeInTheDocument();

      const remove = within(dialog).getByRole('button', { name: 'Remove' });
      fireEvent.click(hygiene);
      expect(remove).toBeDisabled();
      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I acknowledge' }));
      await waitFor(() => expect(remove).toBeEnabled());
      fireEvent.click(remove);

      expect(await screen.findByText('User has been successfully removed from the group')).toBeInTheDocument();
      const [query] = queriesOf(fetch, groups.removeUser);
      expect(query!.get('organizationId')).toBe(ORG);
      expect(query!.getAll('trainingIds')).toEqual([HYGIENE]);
    },
    SLOW,
  );
});
