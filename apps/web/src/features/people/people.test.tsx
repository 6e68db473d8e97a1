import { endpoints, messages, ZCreatePersonRequest, type Person } from '@qualis/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminsPage from '../../pages/AdminsPage';
import UserDetailPage from '../../pages/UserDetailPage';
import UsersPage from '../../pages/UsersPage';
import { sessionStore } from '../../shared/session-store';
import {
  jsonResponse,
  on,
  queriesOf,
  renderFeature,
  stubEndpoints,
  testTokens,
  testUser,
  type EndpointAnswer,
} from '../../test/app';
import { NO_ACCESS } from '../access/access.api';
import { zodFieldErrors } from '../../components/zod-form';
import { editBody, PERSON_FIELDS } from './person-form';
import { rowActions } from './row-actions';
import { ORG, organization } from '../../test/organization';
import type { ReactNode } from 'react';
import { req } from '../../../../../docs/requirements/req.js';

const SLOW = { timeout: 60_000 };
const OTHER_ORG = '0190a8e4-0000-7000-8000-0000000000bb';

const person = (overrides: Partial<Person> = {}): Person => ({
  id: '0190a8e4-0000-7000-8000-000000000101',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  status: 'Inactive',
  isActivated: false,
  emailConfirmed: false,
  role: 'User',
  organizationUserStatuses: [{ organizationId: ORG, organizationName: 'Acme Medical', userStatus: 'Inactive' }],
  canBeDeleted: true,
  canResendInvite: true,
  ...overrides,
});

const users = endpoints.users;

/** Serves the organization and the list of `people` (Users and Admins), with `answers` before them. */
const serve = (people: Person[], ...answers: EndpointAnswer[]) =>
  stubEndpoints(
    ...answers,
    on(endpoints.organizations.get, () => ({ data: organization })),
    on(users.list, () => ({ data: people, pagination: { totalCount: people.length } })),
    on(endpoints.admins.list, () => ({ data: people, pagination: { totalCount: people.length } })),
  );

/** A people page alone, at its route in the organization. */
const renderPage = (page: ReactNode, route: string, path = route) =>
  renderFeature(page, { route: `/organizations/:organizationId/${route}`, path: `/organizations/${ORG}/${path}` });
const renderUsers = () => renderPage(<UsersPage />, 'users');

/** Clicks a row option: its button is named '<option>: <person>'. */
async function chooseOption(name: string, option: string) {
  fireEvent.click(await screen.findByRole('button', { name: `${option}: ${name}` }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('row options', () => {
  it('offers Resend Invite and Delete as the server allows them', () => {
    expect(rowActions(person())).toContain('resendInvite');
    expect(rowActions(person({ canResendInvite: false }))).not.toContain('resendInvite');
    expect(rowActions(person())).toContain('delete');
    expect(rowActions(person({ canBeDeleted: false }))).not.toContain('delete');
  });

  it("offers View details (the Access Permissions page, an Admin's restriction there) and Set Active or Set Inactive by status", () => {
    expect(rowActions(person())).toEqual(['view', 'edit', 'setActive', 'resendInvite', 'accessCode', 'delete']);
    const activated = { isActivated: true, emailConfirmed: true, canBeDeleted: false, canResendInvite: false };
    expect(rowActions(person({ status: 'Active', ...activated }))).toEqual([
      'view',
      'edit',
      'setInactive',
      'accessCode',
    ]);
  });
});

describe('person form rules', () => {
  it(`rejects blank names, long names and a bad e-mail with the keys of the server's messages ${req('PEOPLE-003')}`, () => {
    const errors = (values: Record<string, string>) => zodFieldErrors(ZCreatePersonRequest, values, PERSON_FIELDS);
    expect(errors({ firstName: '  ', lastName: 'x'.repeat(101), email: 'nope' })).toEqual({
      firstName: 'fieldRequired',
      lastName: 'nameTooLong',
      email: 'invalidEmail',
    });
    expect(errors({ firstName: ' Ann ', lastName: 'Lee', email: ' ANN@example.com ' })).toEqual({});
  });

  it(`sends the e-mail only when it changed and the current one is confirmed ${req('PEOPLE-007')}`, () => {
    const confirmed = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', emailConfirmed: true };
    expect(editBody(confirmed, { firstName: ' Anna ', lastName: 'Lee', email: 'ann@example.com' })).toEqual({
      firstName: 'Anna',
      lastName: 'Lee',
    });
    expect(editBody(confirmed, { firstName: 'Ann', lastName: 'Lee', email: ' New@Example.com' })).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'new@example.com',
    });
    expect(
      editBody({ ...confirmed, emailConfirmed: false }, { firstName: 'Ann', lastName: 'Lee', email: 'x@example.com' }),
    ).toEqual({ firstName: 'Ann', lastName: 'Lee' });
  });
});

describe('Users list', SLOW, () => {
  it('shows the people with links to their access page, and the empty text', async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    serve([person()]);
    renderUsers();
    expect(await screen.findByRole('heading', { name: 'Acme Medical users' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Ann' });
    expect(link).toHaveAttribute('href', `/organizations/${ORG}/users/${person().id}`);
    expect(screen.getByText('List of Users')).toBeInTheDocument();
  });

  it("shows 'There are no Users to display' for an empty list", async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    serve([]);
    renderUsers();
    expect(await screen.findByText('There are no Users to display')).toBeInTheDocument();
  });

  it('shows a 409 (e-mail already used) under the e-mail field, and keeps the dialog open', async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    serve(
      [],
      on(users.create, () =>
        jsonResponse(409, {
          errors: [{ code: 'CONFLICT', message: messages.emailTaken, messageKey: 'emailTaken', field: 'email' }],
        }),
      ),
    );
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: /Create User/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('First Name'), { target: { value: 'Ann' } });
    fireEvent.change(within(dialog).getByLabelText('Last Name'), { target: { value: 'Lee' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const underField = await within(dialog).findByText(messages.emailTaken);
    expect(underField.closest('.ant-form-item')?.querySelector('#email, input[id$="email"]')).toBeInTheDocument();
  });

  it('creates a User with trimmed values after showing the rules', async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    const posts: unknown[] = [];
    serve(
      [],
      on(users.create, (_, body) => {
        posts.push(body);
        return jsonResponse(201, { data: person(), message: 'User has been successfully created' });
      }),
    );
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: /Create User/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(dialog).getAllByText('This field is required')).toHaveLength(3));
    expect(posts).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('First Name'), { target: { value: '  Ann ' } });
    fireEvent.change(within(dialog).getByLabelText('Last Name'), { target: { value: 'Lee  ' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please, enter a valid e-mail address')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: ' Ann@Example.com ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('User has been successfully created')).toBeInTheDocument();
    expect(posts).toEqual([
      {
        organizationId: ORG,
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.com',
      },
    ]);
  });

  it('disables Save in Edit until a change and while a field is blank, locks an unconfirmed e-mail, and sends only the names', async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    const puts: unknown[] = [];
    serve(
      [person()],
      on(endpoints.accounts.update, ({ id }, body) => {
        puts.push({ id, body });
        return { data: testUser({ id: person().id, firstName: 'Anna', lastName: 'Lee' }) };
      }),
    );
    renderUsers();
    await chooseOption('Ann Lee', 'Edit');
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(within(dialog).getByLabelText('Email')).toBeDisabled();
    expect(save).toBeDisabled();
    // Spaces around the same name are no change.
    fireEvent.change(within(dialog).getByLabelText('First Name'), { target: { value: ' Ann ' } });
    expect(save).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('First Name'), { target: { value: '   ' } });
    expect(save).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('First Name'), { target: { value: 'Anna' } });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByText('User has been successfully edited')).toBeInTheDocument();
    expect(puts).toEqual([{ id: person().id, body: { firstName: 'Anna', lastName: 'Lee' } }]);
  });

  it(`keeps Delete disabled until an organization is chosen, then deletes there ${req('PEOPLE-006')}`, async () => {
    sessionStore.start(testUser({ role: 'SuperAdmin' }), testTokens, false);
    const statuses = [
      { organizationId: ORG, organizationName: 'Acme Medical', userStatus: 'Inactive' as const },
      { organizationId: OTHER_ORG, organizationName: 'Beta Labs', userStatus: 'Active' as const },
    ];
    const fetch = serve(
      [person({ organizationUserStatuses: statuses })],
      on(users.remove, ({ id }) => ({ data: { id }, message: 'User has been successfully deleted' })),
    );
    renderUsers();
    await chooseOption('Ann Lee', 'Delete');
    const dialog = await screen.findByRole('dialog');
    const button = within(dialog).getByRole('button', { name: 'Delete' });
    expect(button).toBeDisabled();
    // Still active in Beta Labs: that one cannot be chosen.
    expect(within(dialog).getByRole('checkbox', { name: /Beta Labs/ })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Acme Medical/ }));
    expect(button).toBeEnabled();
    fireEvent.click(button);
    expect(await screen.findByText('User has been successfully deleted')).toBeInTheDocument();
    expect(queriesOf(fetch, users.remove).map((query) => query.getAll('organizationIds'))).toEqual([[ORG]]);
  });

  it('asks in which organizations to set a person active when they belong to several', async () => {
    sessionStore.start(testUser({ role: 'SuperAdmin' }), testTokens, false);
    const statuses = [
      { organizationId: ORG, organizationName: 'Acme Medical', userStatus: 'Inactive' as const },
      { organizationId: OTHER_ORG, organizationName: 'Beta Labs', userStatus: 'Inactive' as const },
    ];
    const patches: unknown[] = [];
    serve(
      [person({ organizationUserStatuses: statuses })],
      on(users.setStatus, (_, body) => {
        patches.push(body);
        return { data: person() };
      }),
    );
    renderUsers();
    await chooseOption('Ann Lee', 'Set Active');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Beta Labs/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set Active' }));
    expect(await screen.findByText('Status has been successfully changed')).toBeInTheDocument();
    expect(patches).toEqual([{ ids: [ORG, OTHER_ORG], status: 'Active' }]);
  });

  it(`keeps 'Add' disabled until somebody is chosen in Add Existing ${req('PEOPLE-008')}`, async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    const adds: unknown[] = [];
    serve(
      [],
      on(users.options, () => ({
        data: [{ id: person().id, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' }],
      })),
      on(users.add, (_, body) => {
        adds.push(body);
        return { data: { ids: [person().id] }, message: 'User(s) have been successfully added' };
      }),
    );
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: /Add Existing/ }));
    const dialog = await screen.findByRole('dialog');
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Ann Lee (ann@example.com)'));
    expect(add).toBeEnabled();
    fireEvent.click(add);
    expect(await screen.findByText('User(s) have been successfully added')).toBeInTheDocument();
    expect(adds).toEqual([{ organizationId: ORG, ids: [person().id] }]);
  });
});

describe('Admins list', SLOW, () => {
  it(`refuses an Admin without asking the server ${req('PEOPLE-001')}`, async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    const fetch = serve([]);
    renderPage(<AdminsPage />, 'admins');
    expect(await screen.findByText('Access denied. Please, contact your support team.')).toBeInTheDocument();
    expect(Object.values(endpoints.admins).flatMap((endpoint) => queriesOf(fetch, endpoint))).toEqual([]);
  });

  it("shows the SuperAdmin '<organization> admins' with its empty text", async () => {
    sessionStore.start(testUser({ role: 'SuperAdmin' }), testTokens, false);
    serve([]);
    renderPage(<AdminsPage />, 'admins');
    expect(await screen.findByRole('heading', { name: 'Acme Medical admins' })).toBeInTheDocument();
    expect(await screen.findByText('There are no Admins to display')).toBeInTheDocument();
    expect(screen.getByText('List of Admins')).toBeInTheDocument();
  });
});

describe('Access Permissions page', SLOW, () => {
  const settings = {
    user: {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      role: 'User' as const,
      restriction: 'none' as const,
      canChangeRestriction: false,
    },
    userGroups: [{ id: '0190a8e4-0000-7000-8000-000000000301', name: 'Quality', userCount: 3 }],
    settings: Array.from({ length: 56 }, (_, i) => ({ type: i + 1, isSwitchedOn: i + 1 === 11 })),
  };
  const userId = person().id;
  const renderDetail = () => renderPage(<UserDetailPage />, 'users/:userId', `users/${userId}`);

  it('shows an Admin the groups as links, the switches disabled, and Back to the Users list', async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    serve(
      [],
      on(users.accessSettings, () => ({ data: settings })),
    );
    renderDetail();
    expect(await screen.findByText('Ann Lee')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quality' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', `/organizations/${ORG}/users`);
    fireEvent.click(screen.getByRole('tab', { name: 'Permissions for Documents' }));
    const viewAll = await screen.findByRole('switch', { name: 'View all documents' });
    expect(viewAll).toHaveAttribute('aria-checked', 'true');
    expect(viewAll).toBeDisabled();
    expect(screen.getByLabelText('Allows the user to see every document of the organization.')).toBeInTheDocument();
  });

  it(`shows a User the groups as text, first-person tooltips, and Back to the profile ${req('PERM-006')}`, async () => {
    sessionStore.start(testUser({ role: 'User', id: userId }), testTokens, false);
    serve(
      [],
      on(users.accessSettings, () => ({ data: settings })),
      on(endpoints.profile.accessFlags, () => ({ data: { ...NO_ACCESS, canViewDocuments: true } })),
    );
    renderDetail();
    expect(await screen.findByText('Quality')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Quality' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/profile');
    fireEvent.click(screen.getByRole('tab', { name: 'Permissions for Documents' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Allows you to see every document of the organization.')).toBeInTheDocument(),
    );
  });
});
