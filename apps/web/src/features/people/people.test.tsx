import { messages, ZCreatePersonRequest, type Person } from '@qualis/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../../test/app';
import { zodFieldErrors } from '../../components/zod-form';
import { editBody, PERSON_FIELDS } from './person-form';
import { rowActions } from './row-actions';

// The first render loads the lazy routes; on a busy machine that takes a while.
const LAZY = { timeout: 45_000 };
const SOON = { timeout: 15_000 };
const SLOW = { timeout: 120_000 };
const ORG = '0190a8e4-0000-7000-8000-0000000000aa';
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

const organization = { id: ORG, name: 'Acme Medical', status: 'Active', isManagedByClient: false, logo: null };

/** Serves the organization, the list of `people`, and `extra` routes; records what was sent. */
function serve(people: Person[], extra: Record<string, (body: unknown) => Response> = {}) {
  const sent: { route: string; body: unknown }[] = [];
  const fetch = stubApi((route, body) => {
    sent.push({ route, body });
    if (extra[route]) return extra[route](body);
    if (route === `GET /api/v1/organizations/${ORG}`) return jsonResponse(200, { data: organization });
    if (route === 'GET /api/v1/client-users' || route === 'GET /api/v1/client-admins') {
      return jsonResponse(200, { data: people, pagination: { totalCount: people.length } });
    }
    return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
  });
  return { sent, fetch };
}

/** Clicks a row option: its button is named '<option>: <person>'. */
async function chooseOption(name: string, option: string) {
  fireEvent.click(await screen.findByRole('button', { name: `${option}: ${name}` }, LAZY));
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
  it("rejects blank names, long names and a bad e-mail with the server's messages", () => {
    const errors = (values: Record<string, string>) => zodFieldErrors(ZCreatePersonRequest, values, PERSON_FIELDS);
    expect(errors({ firstName: '  ', lastName: 'x'.repeat(101), email: 'nope' })).toEqual({
      firstName: messages.fieldRequired,
      lastName: messages.nameTooLong,
      email: messages.invalidEmail,
    });
    expect(errors({ firstName: ' Ann ', lastName: 'Lee', email: ' ANN@example.com ' })).toEqual({});
  });

  it('sends the e-mail only when it changed and the current one is confirmed', () => {
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
    renderApp(`/organizations/${ORG}/users`);
    expect(await screen.findByRole('heading', { name: 'Acme Medical users' }, LAZY)).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Ann' }, LAZY);
    expect(link.getAttribute('href')).toBe(`/organizations/${ORG}/users/${person().id}`);
    expect(screen.getByText('List of Users')).toBeTruthy();
  });

  it("shows 'There are no Users to display' for an empty list", async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    serve([]);
    renderApp(`/organizations/${ORG}/users`);
    expect(await screen.findByText('There are no Users to display', {}, LAZY)).toBeTruthy();
  });

  it('shows a 409 (e-mail already used) under the e-mail field, and keeps the dialog open', async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    serve([], {
      'POST /api/v1/client-users': () =>
        jsonResponse(409, {
          errors: [{ code: 'CONFLICT', message: messages.emailTaken, messageKey: 'emailTaken', field: 'email' }],
        }),
    });
    renderApp(`/organizations/${ORG}/users`);
    fireEvent.click(await screen.findByRole('button', { name: /Create User/ }, LAZY));
    const dialog = await screen.findByRole('dialog', {}, SOON);
    fireEvent.change(within(dialog).getByLabelText('First Name'), { target: { value: 'Ann' } });
    fireEvent.change(within(dialog).getByLabelText('Last Name'), { target: { value: 'Lee' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const underField = await within(dialog).findByText(messages.emailTaken, {}, SOON);
    expect(underField.closest('.ant-form-item')?.querySelector('#email, input[id$="email"]')).toBeTruthy();
  });

  it('creates a User with trimmed values after showing the rules', async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    const { sent } = serve([], {
      'POST /api/v1/client-users': () =>
        jsonResponse(201, { data: person(), message: 'User has been successfully created' }),
    });
    renderApp(`/organizations/${ORG}/users`);
    fireEvent.click(await screen.findByRole('button', { name: /Create User/ }, LAZY));
    const dialog = await screen.findByRole('dialog', {}, SOON);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(dialog).getAllByText('This field is required')).toHaveLength(3));
    expect(sent.some((s) => s.route === 'POST /api/v1/client-users')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('First Name'), { target: { value: '  Ann ' } });
    fireEvent.change(within(dialog).getByLabelText('Last Name'), { target: { value: 'Lee  ' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please, enter a valid e-mail address', {}, SOON)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: ' Ann@Example.com ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('User has been successfully created', {}, SOON)).toBeTruthy();
    expect(sent.find((s) => s.route === 'POST /api/v1/client-users')?.body).toEqual({
      organizationId: ORG,
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
    });
  });

  it('disables Save in Edit until a change and while a field is blank, locks an unconfirmed e-mail, and sends only the names', async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    const { sent } = serve([person()], {
      [`PUT /api/v1/users/${person().id}`]: () =>
        jsonResponse(200, { data: testUser({ id: person().id, firstName: 'Anna', lastName: 'Lee' }) }),
    });
    renderApp(`/organizations/${ORG}/users`);
    await chooseOption('Ann Lee', 'Edit');
    const dialog = await screen.findByRole('dialog', {}, SOON);
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
    expect(save.disabled).toBe(true);
    // Spaces around the same name are no change.
    fireEvent.change(within(dialog).getByLabelText('First Name'), { target: { value: ' Ann ' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('First Name'), { target: { value: '   ' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('First Name'), { target: { value: 'Anna' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('User has been successfully edited', {}, SOON)).toBeTruthy();
    expect(sent.find((s) => s.route.startsWith('PUT /api/v1/users/'))?.body).toEqual({
      firstName: 'Anna',
      lastName: 'Lee',
    });
  });

  it('keeps Delete disabled until an organization is chosen, then deletes there', async () => {
    sessionStore.start(testUser({ role: 'SuperAdmin' }), testTokens, false);
    const statuses = [
      { organizationId: ORG, organizationName: 'Acme Medical', userStatus: 'Inactive' as const },
      { organizationId: OTHER_ORG, organizationName: 'Beta Labs', userStatus: 'Active' as const },
    ];
    const { fetch } = serve([person({ organizationUserStatuses: statuses })], {
      [`DELETE /api/v1/client-users/${person().id}`]: () =>
        jsonResponse(200, { data: { id: person().id }, message: 'User has been successfully deleted' }),
    });
    renderApp(`/organizations/${ORG}/users`);
    await chooseOption('Ann Lee', 'Delete');
    const dialog = await screen.findByRole('dialog', {}, SOON);
    const button = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    // Still active in Beta Labs: that one cannot be chosen.
    expect((within(dialog).getByRole('checkbox', { name: /Beta Labs/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Acme Medical/ }));
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(await screen.findByText('User has been successfully deleted', {}, SOON)).toBeTruthy();
    const call = fetch.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(new URL(call![0], 'http://x').searchParams.getAll('organizationIds')).toEqual([ORG]);
  });

  it('asks in which organizations to set a person active when they belong to several', async () => {
    sessionStore.start(testUser({ role: 'SuperAdmin' }), testTokens, false);
    const statuses = [
      { organizationId: ORG, organizationName: 'Acme Medical', userStatus: 'Inactive' as const },
      { organizationId: OTHER_ORG, organizationName: 'Beta Labs', userStatus: 'Inactive' as const },
    ];
    const { sent } = serve([person({ organizationUserStatuses: statuses })], {
      [`PATCH /api/v1/client-users/${person().id}/status`]: () => jsonResponse(200, { data: person() }),
    });
    renderApp(`/organizations/${ORG}/users`);
    await chooseOption('Ann Lee', 'Set Active');
    const dialog = await screen.findByRole('dialog', {}, SOON);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Beta Labs/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set Active' }));
    expect(await screen.findByText('Status has been successfully changed', {}, SOON)).toBeTruthy();
    expect(sent.find((s) => s.route.startsWith('PATCH'))?.body).toEqual({ ids: [ORG, OTHER_ORG], status: 'Active' });
  });

  it("keeps 'Add' disabled until somebody is chosen in Add Existing", async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    const { sent } = serve([], {
      'GET /api/v1/client-users/all': () =>
        jsonResponse(200, { data: [{ id: person().id, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' }] }),
      'POST /api/v1/client-users/add': () =>
        jsonResponse(200, { data: { ids: [person().id] }, message: 'User(s) have been successfully added' }),
    });
    renderApp(`/organizations/${ORG}/users`);
    fireEvent.click(await screen.findByRole('button', { name: /Add Existing/ }, LAZY));
    const dialog = await screen.findByRole('dialog', {}, SOON);
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Ann Lee (ann@example.com)', {}, SOON));
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    expect(await screen.findByText('User(s) have been successfully added', {}, SOON)).toBeTruthy();
    expect(sent.find((s) => s.route === 'POST /api/v1/client-users/add')?.body).toEqual({
      organizationId: ORG,
      ids: [person().id],
    });
  });
});

describe('Admins list', SLOW, () => {
  it('refuses an Admin without asking the server', async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    const { sent } = serve([]);
    renderApp(`/organizations/${ORG}/admins`);
    expect(await screen.findByText('Access denied. Please, contact your support team.', {}, LAZY)).toBeTruthy();
    expect(sent.some((s) => s.route.includes('client-admins'))).toBe(false);
  });

  it("shows the SuperAdmin '<organization> admins' with its empty text", async () => {
    sessionStore.start(testUser({ role: 'SuperAdmin' }), testTokens, false);
    serve([]);
    renderApp(`/organizations/${ORG}/admins`);
    expect(await screen.findByRole('heading', { name: 'Acme Medical admins' }, LAZY)).toBeTruthy();
    expect(await screen.findByText('There are no Admins to display', {}, SOON)).toBeTruthy();
    expect(screen.getByText('List of Admins')).toBeTruthy();
  });
});

describe('Access Permissions page', SLOW, () => {
  const settings = {
    user: {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      role: 'User',
      restriction: 'none',
      canChangeRestriction: false,
    },
    userGroups: [{ id: '0190a8e4-0000-7000-8000-000000000301', name: 'Quality', userCount: 3 }],
    settings: Array.from({ length: 56 }, (_, i) => ({ type: i + 1, isSwitchedOn: i + 1 === 11 })),
  };
  const userId = person().id;

  it('shows an Admin the groups as links, the switches disabled, and Back to the Users list', async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    serve([], { [`GET /api/v1/client-users/${userId}/settings`]: () => jsonResponse(200, { data: settings }) });
    renderApp(`/organizations/${ORG}/users/${userId}`);
    expect(await screen.findByText('Ann Lee', {}, LAZY)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Quality' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe(`/organizations/${ORG}/users`);
    fireEvent.click(screen.getByRole('tab', { name: 'Permissions for Documents' }));
    const viewAll = (await screen.findByRole('switch', { name: 'View all documents' }, SOON)) as HTMLButtonElement;
    expect(viewAll.getAttribute('aria-checked')).toBe('true');
    expect(viewAll.disabled).toBe(true);
    expect(screen.getByLabelText('Allows the user to see every document of the organization.')).toBeTruthy();
  });

  it('shows a User the groups as text, first-person tooltips, and Back to the profile', async () => {
    sessionStore.start(testUser({ role: 'User', id: userId }), testTokens, false);
    serve([], {
      [`GET /api/v1/client-users/${userId}/settings`]: () => jsonResponse(200, { data: settings }),
      'GET /api/v1/users/me': () =>
        jsonResponse(200, {
          data: {
            role: 'User',
            canViewHrRecords: false,
            canViewDocuments: true,
            canViewTasks: false,
            canViewTrainingRecords: false,
            canManageOrganization: false,
            canAddDocuments: false,
            canAddTasks: false,
            canAddTrainingRecords: false,
          },
        }),
    });
    renderApp(`/organizations/${ORG}/users/${userId}`);
    expect(await screen.findByText('Quality', {}, LAZY)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Quality' })).toBeNull();
    expect(screen.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/profile');
    fireEvent.click(screen.getByRole('tab', { name: 'Permissions for Documents' }));
    await waitFor(
      () => expect(screen.getByLabelText('Allows you to see every document of the organization.')).toBeTruthy(),
      SOON,
    );
  });
});
