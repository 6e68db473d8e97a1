import { type CreatePersonRequest, type MembershipStatus, type Person } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { can } from '../policies.js';
import { isForeignKeyViolation } from '../../core/unique-violation.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { DbOrTx } from '../../db/client.js';
import { sendWelcomeMail } from '../accounts/welcome-mail.js';
import type { PersonKind } from './people.kinds.js';
import { presentPerson } from './people.presenter.js';
import {
  deleteMemberships,
  deleteUser,
  findMemberships,
  findPerson,
  findVisiblePeopleIds,
  insertMemberships,
  insertPerson,
  isEmailInUse,
  lockPerson,
  updateMembershipStatus,
  wasEverActivated,
} from './people.repository.js';

/** Reads a person back as the list shows them in one organization. */
async function presentIn(db: DbOrTx, access: OrganizationAccess, kind: PersonKind, userId: string) {
  const person = await findPerson(
    db,
    access.actor,
    { organizationId: access.organization.id, role: kind.role },
    userId,
  );
  if (!person) throw AppError.notFound();
  return presentPerson(access, kind)(person);
}

/** Creates the person without a password and an inactive membership; the e-mail is unique system-wide. */
export async function createPerson(ctx: ServiceContext, kind: PersonKind, input: CreatePersonRequest): Promise<Person> {
  return ctx.app.database.db.transaction(async (tx) => {
    const emailTaken = () => AppError.conflict('emailTaken', 'email');
    if (await isEmailInUse(tx, input.email)) throw emailTaken();
    const values = {
      id: newId(),
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: kind.role,
    };
    const created = await insertPerson(tx, values, ctx.access.actor.userId);
    if (!created) throw emailTaken();
    await insertMemberships(tx, input.organizationId, [values.id]);
    await recordAudit(tx, ctx.audit, {
      organizationId: input.organizationId,
      infoType: kind.infoType,
      action: 'create',
      entityType: 'user',
      entityId: values.id,
      after: {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        role: kind.role,
        status: 'Inactive',
        language: created.language,
      },
    });
    return presentIn(tx, ctx.access, kind, values.id);
  });
}

/**
 * Adds existing people (each visible to the actor, else 404 for the whole call) with an inactive
 * membership. People already in the organization are left as they are.
 */
export async function addPeople(
  ctx: ServiceContext,
  kind: PersonKind,
  input: { organizationId: string; ids: string[] },
): Promise<string[]> {
  const ids = [...new Set(input.ids)];
  return ctx.app.database.db.transaction(async (tx) => {
    const visible = await findVisiblePeopleIds(tx, ctx.access.actor, kind.role, ids);
    if (visible.length !== ids.length) throw AppError.notFound();
    const added = await insertMemberships(tx, input.organizationId, ids);
    for (const userId of added) {
      await recordAudit(tx, ctx.audit, {
        organizationId: input.organizationId,
        infoType: kind.infoType,
        action: 'add',
        entityType: 'user',
        entityId: userId,
        after: { status: 'Inactive' },
      });
    }
    return added;
  });
}

/**
 * Sets (or, without a status, toggles) the person's status in each organization. The first
 * activation ever of a person without a password sends the welcome mail with its set-password link.
 */
export async function setPersonStatus(
  ctx: ServiceContext,
  kind: PersonKind,
  input: { userId: string; accesses: OrganizationAccess[]; status?: MembershipStatus | undefined },
): Promise<Person> {
  const organizations = input.accesses.map((a) => a.organization);
  const organizationIds = organizations.map((o) => o.id);
  return ctx.app.database.db.transaction(async (tx) => {
    const person = await lockPerson(tx, input.userId, kind.role);
    const current = person ? await findMemberships(tx, person.id, organizationIds) : [];
    if (!person || current.length !== organizationIds.length) throw AppError.notFound();
    let welcomeDue = person.passwordHash === null && !(await wasEverActivated(tx, person.id));
    const now = new Date();
    for (const organization of organizations) {
      const membership = current.find((m) => m.organizationId === organization.id)!;
      const status = input.status ?? (membership.status === 'Active' ? 'Inactive' : 'Active');
      if (status === membership.status) continue;
      const firstActivation = status === 'Active' && membership.firstActivatedAt === null;
      await updateMembershipStatus(
        tx,
        { organizationId: organization.id, userId: person.id },
        firstActivation ? { status, firstActivatedAt: now } : { status },
      );
      const welcomeMailSent = firstActivation && welcomeDue;
      if (welcomeMailSent) {
        await sendWelcomeMail(ctx.app, tx, person, organization);
        welcomeDue = false;
      }
      await recordAudit(tx, ctx.audit, {
        organizationId: organization.id,
        infoType: kind.infoType,
        action: 'status-change',
        entityType: 'user',
        entityId: person.id,
        before: { status: membership.status },
        after: { status, ...(welcomeMailSent ? { welcomeMailSent } : {}) },
      });
    }
    return presentIn(tx, input.accesses[0]!, kind, person.id);
  });
}

/**
 * Removes an inactive person who never confirmed the e-mail or set a password from the chosen
 * organizations; with no membership left, the account itself is deleted.
 */
export async function deletePerson(
  ctx: ServiceContext,
  kind: PersonKind,
  input: { userId: string; accesses: OrganizationAccess[] },
): Promise<void> {
  const organizationIds = input.accesses.map((a) => a.organization.id);
  try {
    await ctx.app.database.db.transaction(async (tx) => {
      const person = await lockPerson(tx, input.userId, kind.role);
      const current = person ? await findMemberships(tx, person.id, organizationIds) : [];
      if (!person || current.length !== organizationIds.length) throw AppError.notFound();
      const deletable = input.accesses.every((access) => {
        const membership = current.find((m) => m.organizationId === access.organization.id)!;
        const state = {
          status: membership.status,
          emailConfirmed: person.emailConfirmed,
          isActivated: person.passwordHash !== null,
        };
        return can(access, `${kind.resource}.delete`, state);
      });
      if (!deletable) throw AppError.badRequest('personNotDeletable');
      const remaining = await deleteMemberships(tx, person.id, organizationIds);
      if (remaining === 0) await deleteUser(tx, person.id);
      for (const membership of current) {
        await recordAudit(tx, ctx.audit, {
          organizationId: membership.organizationId,
          infoType: kind.infoType,
          action: 'delete',
          entityType: 'user',
          entityId: person.id,
          before: {
            firstName: person.firstName,
            lastName: person.lastName,
            email: person.email,
            role: person.role,
            status: membership.status,
          },
          after: { accountDeleted: remaining === 0 },
        });
      }
    });
  } catch (error) {
    // Their account still appears in other records (an action they were assigned while active):
    // those records must keep naming them, so the person stays, inactive.
    if (isForeignKeyViolation(error)) throw AppError.badRequest('personHasRecords');
    throw error;
  }
}
