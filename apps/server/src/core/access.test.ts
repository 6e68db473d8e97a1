import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission, PERMISSION_TYPES, messages } from '@qualis/contract';
import { createTestContext, type TestContext } from '../test/harness.js';
import { createOrganization, createUser, createUserGroup } from '../test/factories.js';
import { resolveOrganizationAccess } from './access.js';
import type { Actor } from './auth.js';
import { AppError } from './errors.js';
import { req } from '../../../../docs/requirements/req.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The access is built from the database alone, as a background job builds it: no request. */
const actorOf = (user: { id: string; email: string }, role: Actor['role']): Actor => ({
  userId: user.id,
  email: user.email,
  role,
  sessionId: 'job',
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('resolveOrganizationAccess', () => {
  it(`answers 404 for a non-member and a missing organization, 422 when inactive, 403 for the SuperAdmin where the client manages ${req('ORG-003', 'ORG-004', 'PERM-008')}`, async () => {
    const org = await createOrganization(t.db);
    const other = await createOrganization(t.db);
    const managed = await createOrganization(t.db, { isManagedByClient: true });
    const inactiveOrg = await createOrganization(t.db, { status: 'Inactive' });
    const outsider = await createUser(t.db, { memberOf: [{ organizationId: other.id }] });
    const dormant = await createUser(t.db, { memberOf: [{ organizationId: org.id, status: 'Inactive' }] });
    const inInactive = await createUser(t.db, { memberOf: [{ organizationId: inactiveOrg.id }] });
    const superAdmin = await createUser(t.db, { role: 'SuperAdmin' });

    expect((await refusal(resolveOrganizationAccess(t.db, actorOf(outsider, 'User'), org.id))).status).toBe(404);
    const missing = '0190a8e4-0000-7000-8000-000000000000';
    expect((await refusal(resolveOrganizationAccess(t.db, actorOf(superAdmin, 'SuperAdmin'), missing))).status).toBe(
      404,
    );
    const inactive = await refusal(resolveOrganizationAccess(t.db, actorOf(dormant, 'User'), org.id));
    expect(inactive).toMatchObject({ status: 422, message: messages.membershipInactive });
    expect(await refusal(resolveOrganizationAccess(t.db, actorOf(inInactive, 'User'), inactiveOrg.id))).toMatchObject({
      status: 422,
      message: messages.organizationInactive,
    });
    expect((await refusal(resolveOrganizationAccess(t.db, actorOf(superAdmin, 'SuperAdmin'), managed.id))).status).toBe(
      403,
    );
  });

  it(`gives a User the union of their groups in that organization only, and Admins every permission ${req('PERM-001')}`, async () => {
    const org = await createOrganization(t.db);
    const other = await createOrganization(t.db);
    const user = await createUser(t.db, { memberOf: [{ organizationId: org.id }, { organizationId: other.id }] });
    const admin = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: org.id }] });
    await createUserGroup(t.db, {
      organizationId: org.id,
      permissions: [Permission.ViewAllActions],
      userIds: [user.id],
    });
    await createUserGroup(t.db, {
      organizationId: org.id,
      permissions: [Permission.ViewAllActions, Permission.ManageOrganizationSettings],
      userIds: [user.id],
    });
    await createUserGroup(t.db, {
      organizationId: other.id,
      permissions: [Permission.ViewAllDocuments],
      userIds: [user.id],
    });

    const access = await resolveOrganizationAccess(t.db, actorOf(user, 'User'), org.id);
    expect(access.organization.id).toBe(org.id);
    expect(access.membershipStatus).toBe('Active');
    expect([...access.permissions].sort((a, b) => a - b)).toEqual([
      Permission.ViewAllActions,
      Permission.ManageOrganizationSettings,
    ]);
    const adminAccess = await resolveOrganizationAccess(t.db, actorOf(admin, 'Admin'), org.id);
    expect([...adminAccess.permissions]).toEqual(PERMISSION_TYPES);
  });
});
