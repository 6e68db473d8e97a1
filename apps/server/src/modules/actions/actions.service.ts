import {
  RECORD_LINK_PATTERN,
  actionStatusName,
  type CreateActionRequest,
  type UpdateActionRequest,
} from '@qualis/contract';
import type { Tx } from '../../db/client.js';
import { recordAudit } from '../../core/audit.js';
import { nextNumber } from '../../core/counters.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { authorize, can } from '../policies.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import {
  deleteActionRows,
  findActiveMembers,
  findTagIds,
  findVisibleAction,
  insertAction,
  lockVisibleActions,
  replaceActionTags,
  updateActionRow,
  type ActionRecord,
  type ActionTableRow,
} from './actions.repository.js';
import { deleteActionNotifications } from '../notifications/notifications.repository.js';
import { notifyActionAssigned, readActionNotifications } from '../notifications/notifications.service.js';
import { actionStateOf } from './actions.presenter.js';

const INFO_TYPE = 'Actions';
const ENTITY = 'action';
/** The name of the organization counter that numbers actions ("System #"). */
const COUNTER = 'action';

/** The fields a person sets, as stored; the audit trail records them by these names. */
type ActionFields = Pick<
  ActionTableRow,
  | 'name'
  | 'description'
  | 'dueDate'
  | 'assignerId'
  | 'assigneeId'
  | 'link'
  | 'linkDescription'
  | 'extraLink'
  | 'extraLinkDescription'
> & { tagIds: string[] };

const fieldsOf = (input: CreateActionRequest): ActionFields => ({
  name: input.name,
  description: input.description,
  dueDate: input.dueDate,
  assignerId: input.assignerId,
  assigneeId: input.assigneeId,
  link: input.link,
  linkDescription: input.linkDescription,
  extraLink: input.extraLink,
  extraLinkDescription: input.extraLinkDescription,
  tagIds: [...input.tagIds].sort(),
});

const FIELD_NAMES = [
  'name',
  'description',
  'dueDate',
  'assignerId',
  'assigneeId',
  'link',
  'linkDescription',
  'extraLink',
  'extraLinkDescription',
  'tagIds',
] as const satisfies readonly (keyof ActionFields)[];

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The people and tags the action names must belong to the organization: the assigner and the
 * assignee active members, the tags the organization's. Only what changes is checked, so an
 * action keeps a person who has since left.
 */
async function checkReferences(
  tx: Tx,
  organizationId: string,
  next: ActionFields,
  previous?: ActionFields,
): Promise<void> {
  const people = (['assignerId', 'assigneeId'] as const).filter((f) => !previous || previous[f] !== next[f]);
  const active = await findActiveMembers(
    tx,
    organizationId,
    people.map((f) => next[f]),
  );
  for (const field of people) {
    if (!active.includes(next[field])) {
      throw AppError.badRequest(field === 'assigneeId' ? 'actionAssigneeNotMember' : 'actionAssignerNotMember', field);
    }
  }
  for (const field of ['link', 'extraLink'] as const) {
    const recordOrganization = RECORD_LINK_PATTERN.exec(next[field] ?? '')?.[1];
    if (recordOrganization && recordOrganization !== organizationId) {
      throw AppError.badRequest('recordLinkOtherOrganization', field);
    }
  }
  const newTags = next.tagIds.filter((id) => !previous?.tagIds.includes(id));
  if ((await findTagIds(tx, organizationId, newTags)).length !== newTags.length) {
    throw AppError.badRequest('tagsUnknown', 'tagIds');
  }
}

/** A new action's fields; an automatic one adds its kind and the artifact it belongs to. */
export type NewAction = ActionFields &
  Partial<Pick<ActionTableRow, 'kind' | 'sourceType' | 'sourceId' | 'nameKey' | 'nameParams' | 'descriptionKey'>>;

/**
 * Adds an action in the caller's transaction, manual or automatic alike: To do, numbered by the
 * organization's counter, created by the caller, audited, and its assignee told (notification and
 * e-mail). Answers its id.
 */
export async function addAction(tx: Tx, ctx: ServiceContext, action: NewAction): Promise<string> {
  const { audit, organizationId } = scopeOf(ctx);
  const id = newId();
  const number = await nextNumber(tx, organizationId, COUNTER);
  const { tagIds, ...columns } = action;
  await insertAction(tx, { organizationId, id, number, ...columns, creatorId: ctx.access.actor.userId });
  await replaceActionTags(tx, organizationId, id, tagIds);
  await recordAudit(tx, audit, {
    organizationId,
    infoType: INFO_TYPE,
    action: 'create',
    entityType: ENTITY,
    entityId: id,
    after: { number, status: 'ToDo', kind: 'manual', ...action },
  });
  await tellAssignee(tx, ctx, { id, number, ...action });
  return id;
}

/**
 * The assignee hears of an action given to them (notifications.service.ts); a person who assigns
 * an action to themselves is not told what they just did (a job that assigns one in the
 * assignee's name acts as nobody, so they are told).
 */
async function tellAssignee(
  tx: Tx,
  ctx: ServiceContext,
  action: Pick<ActionTableRow, 'id' | 'number' | 'name' | 'dueDate' | 'assigneeId'> &
    Partial<Pick<ActionTableRow, 'nameKey' | 'nameParams'>>,
) {
  if (action.assigneeId === ctx.audit.userId) return;
  const { id, name } = ctx.access.organization;
  await notifyActionAssigned(ctx.app, tx, { ...action, organization: { id, name } });
}

/** Creates a manual action, To do, numbered by the organization's counter. Answers its id. */
export async function createAction(ctx: ServiceContext, input: CreateActionRequest): Promise<string> {
  const { db, organizationId } = scopeOf(ctx);
  const fields = fieldsOf(input);
  return db.transaction(async (tx) => {
    await checkReferences(tx, organizationId, fields);
    return addAction(tx, ctx, fields);
  });
}

/**
 * A person opens an action's detail: the action if they may see it (else 404), and their
 * notifications about it read in the same transaction.
 */
export async function openAction(ctx: ServiceContext, id: string): Promise<ActionRecord> {
  const { db, audit, organizationId } = scopeOf(ctx);
  return db.transaction(async (tx) => {
    const row = await findVisibleAction(tx, ctx.access, id);
    if (!row) throw AppError.notFound();
    await readActionNotifications(tx, audit, { organizationId, userId: ctx.access.actor.userId, actionIds: [id] });
    return row;
  });
}

/** The visible action, locked; 404 when the person may not see it. */
async function lockOne(ctx: ServiceContext, tx: Tx, id: string) {
  const [row] = await lockVisibleActions(tx, ctx.access, [id]);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * Saves the edit form. Changing any field but the status needs `action.edit` on the action as it
 * was; changing the status needs `action.changeStatus` (the assignee always has it). An automatic
 * action keeps its status and assignee: its record completes it and chooses its person
 * (automatic-actions.ts). Each kind of change writes its audit event: 'update' with the changed
 * fields before and after, 'statusChange'. A new assignee is told, as on creation; a person who
 * completes it has their notifications about it read.
 */
export async function updateAction(ctx: ServiceContext, id: string, input: UpdateActionRequest): Promise<void> {
  const { db, audit, organizationId } = scopeOf(ctx);
  await db.transaction(async (tx) => {
    const row = await lockOne(ctx, tx, id);
    const state = actionStateOf(row);
    const previous: ActionFields = { ...row, tagIds: row.tagIds };
    const next = fieldsOf(input);
    const changed = FIELD_NAMES.filter((f) => !sameValue(previous[f], next[f]));
    const status = actionStatusName(input.status);
    const statusChanged = status !== row.status;

    if (row.kind !== 'manual') {
      if (statusChanged) throw AppError.badRequest('automaticActionStatus', 'status');
      if (changed.includes('assigneeId')) throw AppError.badRequest('automaticActionAssignee', 'assigneeId');
    }
    if (changed.length > 0 && !can(ctx.access, 'action.edit', state)) {
      throw AppError.forbidden(can(ctx.access, 'action.changeStatus', state) ? 'actionStatusOnly' : undefined);
    }
    if (statusChanged) authorize(ctx.access, 'action.changeStatus', state);
    if (changed.length === 0 && !statusChanged) return;

    if (changed.length > 0) {
      await checkReferences(tx, organizationId, next, previous);
      const { tagIds, ...columns } = next;
      await updateActionRow(tx, organizationId, id, {
        ...columns,
        // A name or description a person wrote is shown as written, no longer by its automatic text.
        ...(changed.includes('name') && { nameKey: null, nameParams: null }),
        ...(changed.includes('description') && { descriptionKey: null }),
      });
      if (changed.includes('tagIds')) await replaceActionTags(tx, organizationId, id, tagIds);
      await recordAudit(tx, audit, {
        organizationId,
        infoType: INFO_TYPE,
        action: 'update',
        entityType: ENTITY,
        entityId: id,
        before: Object.fromEntries(changed.map((f) => [f, previous[f]])),
        after: Object.fromEntries(changed.map((f) => [f, next[f]])),
      });
      if (changed.includes('assigneeId')) {
        await deleteActionNotifications(tx, organizationId, id, previous.assigneeId);
        await tellAssignee(tx, ctx, { ...next, id, number: row.number, nameKey: null, nameParams: null });
      }
    }
    if (statusChanged) {
      await updateActionRow(tx, organizationId, id, {
        status,
        completedAt: status === 'Complete' ? new Date() : null,
      });
      await recordAudit(tx, audit, {
        organizationId,
        infoType: INFO_TYPE,
        action: 'statusChange',
        entityType: ENTITY,
        entityId: id,
        before: { number: row.number, status: row.status },
        after: { number: row.number, status },
      });
      if (status === 'Complete') {
        await readActionNotifications(tx, audit, { organizationId, userId: ctx.access.actor.userId, actionIds: [id] });
      }
    }
  });
}

/**
 * Deletes the chosen actions, all or nothing: an id the person cannot see answers 404, an
 * action they may not delete 403, and then nothing is deleted. One audit event per action.
 */
export async function deleteActions(ctx: ServiceContext, ids: string[]): Promise<void> {
  const { db, audit, organizationId } = scopeOf(ctx);
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await lockVisibleActions(tx, ctx.access, unique);
    if (rows.length !== unique.length) throw AppError.notFound();
    for (const row of rows) authorize(ctx.access, 'action.delete', actionStateOf(row));
    await deleteActionRows(tx, organizationId, unique);
    for (const row of rows) {
      const { organizationId: _org, id, createdAt: _c, updatedAt: _u, ...before } = row;
      await recordAudit(tx, audit, {
        organizationId,
        infoType: INFO_TYPE,
        action: 'delete',
        entityType: ENTITY,
        entityId: id,
        before,
      });
    }
  });
}
