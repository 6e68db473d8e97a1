import type { Tx } from '../../db/client.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { ACTION_TEXTS, actionTextName, type ActionTextKey, type ActionTextParams } from '@qualis/contract';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import { addAction } from './actions.service.js';
import { readActionNotifications } from '../notifications/notifications.service.js';
import {
  deleteActionRows,
  findActiveMembers,
  lockOpenAutomaticActions,
  updateActionRow,
  type ActionTableRow,
} from './actions.repository.js';

/**
 * Automatic actions (spec 03 sections 1 and 9): the work a record asks of a person becomes an
 * action in their list, created, completed and withdrawn by the record's module inside its own
 * transaction. Nobody completes one by hand (actions.service.ts refuses it); it completes when
 * its work is done and goes away when the assignment is withdrawn.
 *
 *   review          a reviewer is assigned to a document revision
 *   approval        an approver is assigned to a document revision
 *   responsible     a responsible person is chosen for a document
 *   link-training   an approved revision needs a training linked to it
 *   training        a training is assigned to a person
 *   periodic-review a released document's periodic review is near (documents/periodic-review.reminders.ts)
 */
export const AUTOMATIC_ACTION_KINDS = [
  'review',
  'approval',
  'responsible',
  'link-training',
  'training',
  'periodic-review',
] as const;
export type AutomaticActionKind = (typeof AUTOMATIC_ACTION_KINDS)[number];

/** The record an automatic action belongs to; its organization must be the caller's. */
export interface ActionSource {
  type: 'document' | 'training-record';
  id: string;
  organizationId: string;
}

/** The path of a record inside the product (spec 03 section 2, "Links to records"), the action's link. */
export function recordLink(source: ActionSource, revision?: number): string {
  const area = source.type === 'document' ? 'documents' : 'training-records';
  const query = revision === undefined ? '' : `?revision=${revision}`;
  return `/organizations/${source.organizationId}/${area}/${source.id}${query}`;
}

/** An automatic action's due date: 2 weeks after assignment (UTC date). */
export const AUTOMATIC_DUE_DAYS = 14;
const twoWeeksFromToday = () => new Date(Date.now() + AUTOMATIC_DUE_DAYS * 86_400_000).toISOString().slice(0, 10);

interface Assignment {
  source: ActionSource;
  /** The people to assign; repeated ids count once. */
  people: string[];
  /** The action's name and description: a text of the contract's ACTION_TEXTS and its placeholders' values. */
  text: ActionTextKey;
  params: ActionTextParams;
  /** Usually `recordLink(source)`. */
  link: string;
  /** The record's name, what the Link column shows ('SOP-007 Cleanroom Gowning'). */
  linkDescription: string;
}

/** A training's action is due when the training is, a periodic review's on its date; every other kind 2 weeks after assignment. */
type DatedKind = 'training' | 'periodic-review';
export type AssignActionsInput =
  | (Assignment & { kind: Exclude<AutomaticActionKind, DatedKind> })
  | (Assignment & { kind: DatedKind; dueDate: string });

interface Selection {
  kind: AutomaticActionKind;
  source: ActionSource;
  /** Only these assignees; all of the kind on the record when left out. */
  people?: string[];
}

function scopeFor(ctx: ServiceContext, source: ActionSource) {
  const scope = scopeOf(ctx);
  if (source.organizationId !== scope.organizationId) {
    throw new Error(`automatic actions: source of organization ${source.organizationId} in ${scope.organizationId}`);
  }
  return scope;
}

const query = (organizationId: string, { kind, source, people }: Selection) => ({
  organizationId,
  kind,
  sourceType: source.type,
  sourceId: source.id,
  assigneeIds: people && [...new Set(people)],
});

/**
 * Assigns the work of `kind` on the record to each person, in the caller's transaction: an open
 * action of the same kind, record and person is kept (assigning twice makes no second action);
 * the others get a new To do action assigned and created by the caller, named in English and by
 * its text's key (shown in each reader's language), audited, and their notification and e-mail. Every person must be an active member. Answers the new actions' ids.
 */
export async function assignActions(tx: Tx, ctx: ServiceContext, input: AssignActionsInput): Promise<string[]> {
  const { organizationId } = scopeFor(ctx, input.source);
  const people = [...new Set(input.people)];
  const active = await findActiveMembers(tx, organizationId, people);
  if (active.length !== people.length) throw AppError.badRequest('actionAssigneeNotMember');

  const open = await lockOpenAutomaticActions(tx, query(organizationId, { ...input, people }));
  const assigned = new Set(open.map((a) => a.assigneeId));
  const dueDate = 'dueDate' in input ? input.dueDate : twoWeeksFromToday();
  const ids: string[] = [];
  for (const assigneeId of people.filter((p) => !assigned.has(p))) {
    ids.push(
      await addAction(tx, ctx, {
        name: actionTextName(input.text, input.params, 'en'),
        nameKey: input.text,
        nameParams: input.params,
        description: ACTION_TEXTS.en[input.text].description,
        descriptionKey: input.text,
        dueDate,
        assignerId: ctx.access.actor.userId,
        assigneeId,
        link: input.link,
        linkDescription: input.linkDescription,
        extraLink: null,
        extraLinkDescription: null,
        tagIds: [],
        kind: input.kind,
        sourceType: input.source.type,
        sourceId: input.source.id,
      }),
    );
  }
  return ids;
}

const sourceOf = (row: ActionTableRow) => ({ kind: row.kind, sourceType: row.sourceType, sourceId: row.sourceId });

/**
 * The work is done (the review given, the training passed): the open actions of `kind` on the
 * record, of `people` or everyone's, become Complete, each with its 'statusChange' audit event
 * naming the caller; the caller's notifications about them are read. Answers their ids.
 */
export async function completeActions(tx: Tx, ctx: ServiceContext, selection: Selection): Promise<string[]> {
  const { organizationId, audit } = scopeFor(ctx, selection.source);
  const rows = await lockOpenAutomaticActions(tx, query(organizationId, selection));
  for (const row of rows) {
    await updateActionRow(tx, organizationId, row.id, { status: 'Complete', completedAt: new Date() });
    await recordAudit(tx, audit, {
      organizationId,
      infoType: 'Actions',
      action: 'statusChange',
      entityType: 'action',
      entityId: row.id,
      before: { number: row.number, status: row.status },
      after: { number: row.number, status: 'Complete', ...sourceOf(row) },
      reason: 'The work the action asks for is done.',
    });
  }
  const ids = rows.map((r) => r.id);
  await readActionNotifications(tx, audit, { organizationId, userId: ctx.access.actor.userId, actionIds: ids });
  return ids;
}

/**
 * The assignment is withdrawn (a reviewer removed, a training unassigned, the record deleted):
 * the open actions of `kind` on the record, of `people` or everyone's, are deleted with their
 * notifications; each writes a 'withdraw' audit event with the action as it was. Completed
 * actions stay: the work was done. Answers the withdrawn ids.
 */
export async function withdrawActions(tx: Tx, ctx: ServiceContext, selection: Selection): Promise<string[]> {
  const { organizationId, audit } = scopeFor(ctx, selection.source);
  const rows = await lockOpenAutomaticActions(tx, query(organizationId, selection));
  if (rows.length === 0) return [];
  await deleteActionRows(
    tx,
    organizationId,
    rows.map((r) => r.id),
  );
  for (const row of rows) {
    const { organizationId: _org, id, createdAt: _c, updatedAt: _u, ...before } = row;
    await recordAudit(tx, audit, {
      organizationId,
      infoType: 'Actions',
      action: 'withdraw',
      entityType: 'action',
      entityId: id,
      before,
      reason: 'The assignment was withdrawn.',
    });
  }
  return rows.map((r) => r.id);
}

/**
 * The record's due date moved (a training's): the open actions of `kind` on it, of `people` or
 * everyone's, move with it; each writes an 'update' audit event. Answers their ids.
 */
export async function moveActionsDueDate(
  tx: Tx,
  ctx: ServiceContext,
  selection: Selection,
  dueDate: string,
): Promise<string[]> {
  const { organizationId, audit } = scopeFor(ctx, selection.source);
  const rows = (await lockOpenAutomaticActions(tx, query(organizationId, selection))).filter(
    (r) => r.dueDate !== dueDate,
  );
  for (const row of rows) {
    await updateActionRow(tx, organizationId, row.id, { dueDate });
    await recordAudit(tx, audit, {
      organizationId,
      infoType: 'Actions',
      action: 'update',
      entityType: 'action',
      entityId: row.id,
      before: { number: row.number, dueDate: row.dueDate },
      after: { number: row.number, dueDate, ...sourceOf(row) },
      reason: 'The due date of its record moved.',
    });
  }
  return rows.map((r) => r.id);
}
