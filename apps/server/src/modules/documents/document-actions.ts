import type { ActionTextKey } from '@qualis/contract';
import type { Tx } from '../../db/client.js';
import type { ServiceContext } from '../../core/service-context.js';
import {
  assignActions,
  completeActions,
  recordLink,
  withdrawActions,
  type ActionSource,
  type AutomaticActionKind,
} from '../actions/automatic-actions.js';
import { listOpenWork } from './document-rows.repository.js';
import { ensureAccessCodes } from '../access-codes/access-codes.service.js';

// Automatic actions of documents (actions/automatic-actions.ts): one per document, kind and person.

/** The record of a document's automatic actions (the signing service completes a signer's with it). */
export const documentActionSource = (organizationId: string, documentId: string): ActionSource => ({
  type: 'document',
  id: documentId,
  organizationId,
});

/** What an action's name says of the revision. */
export interface RevisionLabel {
  /** The document's id. */
  id: string;
  number: number;
  typeDescription: string | null;
  name: string;
  revision: number;
}

/** The kinds a document gives, as texts of the contract's ACTION_TEXTS. */
const TEXT_OF: Record<Exclude<AutomaticActionKind, 'training' | 'periodic-review'>, ActionTextKey> = {
  review: 'reviewDocument',
  approval: 'approveDocument',
  responsible: 'releaseDocument',
  'link-training': 'linkTraining',
};

/** The revision's Document ID (SOP-007), or its System # when it has none. */
const documentIdOf = (r: RevisionLabel) => r.typeDescription ?? `#${r.number}`;

/** Gives each of `people` the work of `kind` on the revision (kept when they have it already). */
export async function assignDocumentActions(
  tx: Tx,
  ctx: ServiceContext,
  kind: keyof typeof TEXT_OF,
  label: RevisionLabel,
  people: string[],
) {
  if (people.length === 0) return;
  const source = documentActionSource(ctx.access.organization.id, label.id);
  await assignActions(tx, ctx, {
    kind,
    source,
    people,
    text: TEXT_OF[kind],
    params: { documentId: documentIdOf(label), name: label.name, revision: String(label.revision) },
    link: recordLink(source, label.revision),
    linkDescription: `${documentIdOf(label)} ${label.name}`,
  });
  // An approver signs with an access code: one without a valid code gets it by e-mail now.
  if (kind === 'approval') {
    await ensureAccessCodes(
      tx,
      ctx,
      people,
      `Named an approver of document ${documentIdOf(label)} "${label.name}", revision ${label.revision}.`,
    );
  }
}

/**
 * The people who still have work of a kind on the document: the responsible of each revision
 * not final; the reviewers and approvers of each revision not final without their response in
 * its current cycle. An action is completed or withdrawn only for people outside this set.
 */
async function peopleWithWork(tx: Tx, organizationId: string, documentId: string) {
  const work = { responsible: new Set<string>(), review: new Set<string>(), approval: new Set<string>() };
  for (const { kind, userId } of await listOpenWork(tx, organizationId, documentId)) work[kind].add(userId);
  return work;
}

type SettleKind = 'responsible' | 'review' | 'approval';
/**
 * Withdraws (or completes) the open actions of `kind` on the document of those of `people` who
 * have no such work left on it (another revision may still wait for them). The signing service
 * completes a signer's action with it after their response.
 */
export async function settleDocumentActions(
  tx: Tx,
  ctx: ServiceContext,
  documentId: string,
  kind: SettleKind,
  people: string[],
  how: 'withdraw' | 'complete',
) {
  if (people.length === 0) return;
  const organizationId = ctx.access.organization.id;
  const work = await peopleWithWork(tx, organizationId, documentId);
  const done = [...new Set(people)].filter((p) => !work[kind].has(p));
  if (done.length === 0) return;
  const selection = { kind, source: documentActionSource(organizationId, documentId), people: done };
  await (how === 'withdraw' ? withdrawActions(tx, ctx, selection) : completeActions(tx, ctx, selection));
}
