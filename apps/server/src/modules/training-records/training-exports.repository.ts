import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { organizationFiles, tags, userGroups, users } from '../../db/schema/index.js';
import { personNameOf } from '../hr-records/hr-records.presenter.js';

/** The ids a training's audit trail names, by kind. */
export interface HistoryIds {
  people: string[];
  files: string[];
  tags: string[];
  groups: string[];
}

/** What the record's PDF prints for those ids: a person's name and e-mail, a file's, tag's or group's name. */
export interface HistoryNames {
  people: Map<string, string>;
  files: Map<string, string>;
  tags: Map<string, string>;
  groups: Map<string, string>;
}

const byId = (rows: { id: string; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));

/**
 * The names behind the ids of a training's history, those of the organization only (people are
 * read by id: someone who has since left is still named). Files, tags and groups removed since
 * are missing from the answer.
 */
export async function findHistoryNames(db: DbOrTx, organizationId: string, ids: HistoryIds): Promise<HistoryNames> {
  const people = ids.people.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, ids.people))
    : [];
  const files = ids.files.length
    ? await db
        .select({ id: organizationFiles.id, name: organizationFiles.originalName })
        .from(organizationFiles)
        .where(and(eq(organizationFiles.organizationId, organizationId), inArray(organizationFiles.id, ids.files)))
    : [];
  const tagRows = ids.tags.length
    ? await db
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(and(eq(tags.organizationId, organizationId), inArray(tags.id, ids.tags)))
    : [];
  const groups = ids.groups.length
    ? await db
        .select({ id: userGroups.id, name: userGroups.name })
        .from(userGroups)
        .where(and(eq(userGroups.organizationId, organizationId), inArray(userGroups.id, ids.groups)))
    : [];
  return {
    people: new Map(people.map((p) => [p.id, `${personNameOf(p)} <${p.email}>`])),
    files: byId(files),
    tags: byId(tagRows),
    groups: byId(groups),
  };
}
