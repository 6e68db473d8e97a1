import { endpoints, type ActionPerson, type Organization } from '@qualis/contract';
import { afterEach, beforeAll, vi } from 'vitest';
import { jsonResponse, on, testUser } from './app';

/** How long to wait for a lazy page's first render, and for what follows once it is there. */
export const LAZY = { timeout: 30_000 };
export const SOON = { timeout: 10_000 };

export const ORG = '0190a8e4-0000-7000-8000-0000000000aa';
export const organization: Organization = {
  id: ORG,
  name: 'Acme Medical',
  status: 'Active',
  isManagedByClient: false,
  logo: null,
  signingRequiresPassword: false,
  reviewReminderDays: 30,
};
export const NOT_FOUND = () => jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });

/** The signed-in Admin, Ada, and a User, Uma: the organization's members. */
export const me = testUser();
export const ada: ActionPerson = { id: me.id, firstName: 'Ada', lastName: 'Lovelace', email: me.email, role: 'Admin' };
export const uma: ActionPerson = {
  id: '0190a8e4-0000-7000-8000-0000000000d1',
  firstName: 'Uma',
  lastName: 'User',
  email: 'uma@example.com',
  role: 'User',
};

/**
 * The answers every page of the organization asks for: the organization, its tags (none unless
 * given) and its members; null for any other route.
 */
export function organizationAnswer(route: string, tags: readonly { id: string; name: string }[] = []) {
  if (route === `GET /api/v1/organizations/${ORG}`) return jsonResponse(200, { data: organization });
  if (route === `GET /api/v1/organizations/${ORG}/tags`) return jsonResponse(200, { data: tags });
  if (route === `GET /api/v1/organizations/${ORG}/member-options`) return jsonResponse(200, { data: [ada, uma] });
  return null;
}

/**
 * The answers every page of the organization asks for, typed for `stubEndpoints`: the
 * organization, its tags (none unless given) and its members.
 */
export const organizationEndpoints = (tags: readonly { id: string; name: string }[] = []) => [
  on(endpoints.organizations.get, () => ({ data: organization })),
  on(endpoints.settings.tags.list, () => ({ data: [...tags] })),
  on(endpoints.actions.memberOptions, () => ({ data: [ada, uma] })),
];

/**
 * Loads the organization layout and an area's lazy pages before the file's tests (so no test pays
 * for it), and takes the fetch stub away after each test.
 */
export function preparePages(...pages: (() => Promise<unknown>)[]) {
  beforeAll(async () => {
    await Promise.all([import('../layouts/OrganizationLayout'), ...pages.map((load) => load())]);
  }, 120_000);
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
