import type { Role } from '@qualis/contract';
import { createUser, createUserGroup, signIn, type AuthHeaders } from './factories.js';
import type { TestContext } from './harness.js';

export type { AuthHeaders };

/** A signed-in person as the API tests use them: who they are and the headers to send. */
export interface Person {
  id: string;
  email: string;
  role: Role;
  headers: AuthHeaders;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The API test set-up of one test file, on its context (made in beforeAll, hence the getter):
 * `person` signs in a new member and `call` sends a request under /api/v1.
 */
export function testApi(context: () => TestContext) {
  /** A signed-in person of `organizationId`; a User gets a group with `permissions` (none: no group). */
  async function person(
    organizationId: string,
    role: 'Admin' | 'User' = 'User',
    permissions: number[] = [],
    names: { firstName?: string; lastName?: string } = {},
  ): Promise<Person> {
    const { app, db } = context();
    const user = await createUser(db, { role, ...names, memberOf: [{ organizationId }] });
    if (permissions.length) await createUserGroup(db, { organizationId, permissions, userIds: [user.id] });
    return { id: user.id, email: user.email, role, headers: (await signIn(app, user.email)).headers };
  }

  const call = (method: Method, url: string, headers: AuthHeaders, payload?: object) =>
    context().app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  return { person, call };
}
