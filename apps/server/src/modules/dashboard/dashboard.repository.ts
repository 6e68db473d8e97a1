import { and, asc, count, eq } from 'drizzle-orm';
import { DASHBOARD_CARD_LIMIT } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import type { DbOrTx } from '../../db/client.js';
import { actions } from '../../db/schema/index.js';
import { actionsVisibleTo } from '../actions/actions.repository.js';

/**
 * The person's open actions: assigned to them, To do, within what they may see (the actions
 * module's visibility predicate, so the card never shows what the list would not).
 */
const actionsToDo = (access: OrganizationAccess) =>
  and(actionsVisibleTo(access), eq(actions.assigneeId, access.actor.userId), eq(actions.status, 'ToDo'));

export async function countActionsToDo(db: DbOrTx, access: OrganizationAccess): Promise<number> {
  const [row] = await db.select({ n: count() }).from(actions).where(actionsToDo(access));
  return row?.n ?? 0;
}

/** The first open actions, the soonest due first. */
export function listActionsToDo(db: DbOrTx, access: OrganizationAccess) {
  return db
    .select({ id: actions.id, name: actions.name, dueDate: actions.dueDate })
    .from(actions)
    .where(actionsToDo(access))
    .orderBy(asc(actions.dueDate), asc(actions.number))
    .limit(DASHBOARD_CARD_LIMIT);
}
