import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { personName } from '../../core/history.js';
import type { DbOrTx } from '../../db/client.js';
import {
  actions,
  auditReviews,
  documentRevisions,
  documents,
  hrRecords,
  trainingRecords,
  userGroups,
  users,
} from '../../db/schema/index.js';

// The audit trail PDF names each event's record ('Document #12 Cleaning of the clean room'), not
// only its id: what the record is called today, or its id when it is gone (the page and the CSV
// keep the id, by which the trail is filtered).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Named = { id: string; name: string }[];
type Lookup = (db: DbOrTx, inOrganization: (column: AnyPgColumn) => SQL | undefined, ids: string[]) => Promise<Named>;

const LOOKUPS: Record<string, Lookup> = {
  document: async (db, inOrganization, ids) =>
    (
      await db
        .select({ id: documents.id, number: documents.number, name: documentRevisions.name })
        .from(documents)
        .innerJoin(
          documentRevisions,
          and(
            eq(documentRevisions.organizationId, documents.organizationId),
            eq(documentRevisions.documentId, documents.id),
            eq(documentRevisions.revision, documents.latestRevision),
          ),
        )
        .where(and(inOrganization(documents.organizationId), inArray(documents.id, ids)))
    ).map((d) => ({ id: d.id, name: `Document #${d.number} ${d.name}` })),
  action: async (db, inOrganization, ids) =>
    (
      await db
        .select({ id: actions.id, number: actions.number, name: actions.name })
        .from(actions)
        .where(and(inOrganization(actions.organizationId), inArray(actions.id, ids)))
    ).map((a) => ({ id: a.id, name: `Action #${a.number} ${a.name}` })),
  trainingRecord: async (db, inOrganization, ids) =>
    (
      await db
        .select({ id: trainingRecords.id, number: trainingRecords.number, name: trainingRecords.name })
        .from(trainingRecords)
        .where(and(inOrganization(trainingRecords.organizationId), inArray(trainingRecords.id, ids)))
    ).map((r) => ({ id: r.id, name: `Training #${r.number} ${r.name}` })),
  'hr-record': async (db, inOrganization, ids) =>
    (
      await db
        .select({ id: hrRecords.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(hrRecords)
        .innerJoin(users, eq(users.id, hrRecords.userId))
        .where(and(inOrganization(hrRecords.organizationId), inArray(hrRecords.id, ids)))
    ).map((h) => ({ id: h.id, name: `HR record of ${personName(h)}` })),
  user: async (db, _inOrganization, ids) =>
    (
      await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, ids))
    ).map((u) => ({ id: u.id, name: personName(u) })),
  userGroup: async (db, inOrganization, ids) =>
    (
      await db
        .select({ id: userGroups.id, name: userGroups.name })
        .from(userGroups)
        .where(and(inOrganization(userGroups.organizationId), inArray(userGroups.id, ids)))
    ).map((g) => ({ id: g.id, name: `User group ${g.name}` })),
  'audit-trail': async (db, inOrganization, ids) =>
    (
      await db
        .select({ id: auditReviews.id, upToSeq: auditReviews.upToSeq })
        .from(auditReviews)
        .where(and(inOrganization(auditReviews.organizationId), inArray(auditReviews.id, ids)))
    ).map((r) => ({ id: r.id, name: `Audit trail review up to event ${r.upToSeq}` })),
};
LOOKUPS['user-group'] = LOOKUPS.userGroup!;

/** The names of a batch of events' records, by id: one query per kind of record. */
export async function recordNames(
  db: DbOrTx,
  organizationId: string | null,
  events: { entityType: string; entityId: string | null }[],
): Promise<Map<string, string>> {
  const inOrganization = (column: AnyPgColumn) => (organizationId === null ? undefined : eq(column, organizationId));
  const idsByType = new Map<string, Set<string>>();
  for (const { entityType, entityId } of events) {
    if (!LOOKUPS[entityType] || entityId === null || !UUID.test(entityId)) continue;
    idsByType.set(entityType, (idsByType.get(entityType) ?? new Set()).add(entityId));
  }
  const found = await Promise.all([...idsByType].map(([type, ids]) => LOOKUPS[type]!(db, inOrganization, [...ids])));
  return new Map(found.flat().map((r) => [r.id, r.name]));
}
