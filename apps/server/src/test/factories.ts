import type { FastifyInstance } from 'fastify';
import type { MembershipStatus, OrganizationStatus, Role } from '@qualis/contract';
import type { DbOrTx } from '../db/client.js';
import { memberships, organizations, users } from '../db/schema/index.js';
import { newId } from '../core/ids.js';
import { hashPassword } from '../core/passwords.js';

export const DEFAULT_PASSWORD = 'Passw0rd!';
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export async function createOrganization(
  db: DbOrTx,
  values: { name?: string; status?: OrganizationStatus; isManagedByClient?: boolean } = {},
) {
  const [row] = await db
    .insert(organizations)
    .values({
      id: newId(),
      name: values.name ?? `Org ${unique()}`,
      status: values.status ?? 'Active',
      isManagedByClient: values.isManagedByClient ?? false,
    })
    .returning();
  return row!;
}

export async function createUser(
  db: DbOrTx,
  values: {
    role?: Role;
    email?: string;
    password?: string | null;
    firstName?: string;
    lastName?: string;
    memberOf?: { organizationId: string; status?: MembershipStatus }[];
  } = {},
) {
  const password = values.password === undefined ? DEFAULT_PASSWORD : values.password;
  const [user] = await db
    .insert(users)
    .values({
      id: newId(),
      email: values.email ?? `person-${unique()}@example.test`,
      role: values.role ?? 'User',
      firstName: values.firstName ?? 'Pat',
      lastName: values.lastName ?? 'Doe',
      passwordHash: password === null ? null : await hashOnce(password),
      emailConfirmed: password !== null,
    })
    .returning();
  for (const m of values.memberOf ?? []) {
    await db
      .insert(memberships)
      .values({ organizationId: m.organizationId, userId: user!.id, status: m.status ?? 'Active' });
  }
  return { ...user!, password: password ?? '' };
}

/** Signs in through the API and returns the tokens and a ready Authorization header. */
export async function signIn(app: FastifyInstance, email: string, password = DEFAULT_PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/sessions', payload: { email, password } });
  if (res.statusCode !== 201) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const { token } = res.json().data as { token: { accessToken: string; refreshToken: string } };
  return { ...token, headers: { authorization: `Bearer ${token.accessToken}` } };
}
