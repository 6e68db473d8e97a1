// The SQL each measured endpoint sends, written out as the server builds it, so bench/load.ts can
// time it directly ("raw SQL") against the endpoint. Taken from the statements the server sends
// (captured from the pg driver): core/auth.ts session lookup, core/access.ts organization access,
// core/prepared-lists.ts preparedListPage and core/lists.ts readByKeyset, people.repository.ts listPeople.
import type { SqlRunner } from '../apps/server/src/db/client.js';

export interface Statement {
  text: string;
  params: unknown[];
  /** Sent as a named statement, as the server sends it (its name there: the lookups, `planOnce` lists). */
  name?: string;
}

const ORGANIZATION_COLUMNS = `"id", "name", "status", "is_managed_by_client", "logo_file_id", "created_at", "updated_at"`;
const qualified = (columns: string, table: string) => columns.replace(/"(\w+)"/g, `"${table}"."$1"`);

/**
 * The session lookup of a bearer token (core/auth.ts), with the person's row. A request sends it
 * only when the session is not in the process's cache (30 s), so it is what a cold request costs.
 */
export function sessionLookup(accessTokenHash: string): Statement[] {
  return [
    {
      text: `select "users".*, "sessions"."id", "sessions"."access_expires_at"
        from "sessions" inner join "users" on "users"."id" = "sessions"."user_id"
        where ("sessions"."access_token_hash" = $1 and "sessions"."revoked_at" is null and "sessions"."access_expires_at" > $2)
        limit $3`,
      params: [accessTokenHash, new Date().toISOString(), 1],
      name: 'session_by_access_token',
    },
  ];
}

/** The organization access of a person (core/access.ts): the organization, the membership, the permissions. */
function organizationAccess(organizationId: string, userId: string): Statement {
  return {
    text: `select ${qualified(ORGANIZATION_COLUMNS, 'organizations')}, "memberships"."status", coalesce((
        select array_agg(distinct p.type)::int[]
        from user_group_members m
        join user_group_permissions p on p.organization_id = m.organization_id and p.group_id = m.group_id
        where m.organization_id = "organizations"."id" and m.user_id = $1
      ), '{}'::int[]) from "organizations" left join "memberships"
        on ("memberships"."organization_id" = "organizations"."id" and "memberships"."user_id" = $2)
      where "organizations"."id" = $3`,
    params: [userId, userId, organizationId],
    name: 'organization_access',
  };
}

/** What the organizations list reads of a row, with its logo's (organizations.repository.ts). */
const LIST_COLUMNS = `"organizations"."id", "organizations"."name", "organizations"."status",
  "organizations"."is_managed_by_client", "organizations"."signing_requires_password",
  "organizations"."review_reminder_days", "images"."id", "images"."original_name", "images"."size_bytes"`;
const LIST_FROM = `from "organizations" left join "images" on "images"."id" = "organizations"."logo_file_id"`;

/**
 * A page of 25 organizations and its total (organizations.repository.ts, core/prepared-lists.ts):
 * counted when filtered (the page is full), and when not, the trigger-kept total (migration 0019)
 * read by the page itself in a column: one statement, named (`name`) as the server names it.
 */
function organizationsPage(where: string, whereParams: unknown[], orderBy: string, name: string): Statement[] {
  const page = (extra: string) => ({
    text: `select ${LIST_COLUMNS}${extra} ${LIST_FROM} ${where} order by ${orderBy}
      limit $${whereParams.length + 1} offset $${whereParams.length + 2}`,
    params: [...whereParams, 25, 0],
  });
  if (!where) return [{ ...page(', (select total from organization_total)'), name }];
  return [
    page(''),
    {
      text: `select count(*) from (select ${LIST_COLUMNS} ${LIST_FROM} ${where}) "filtered_rows"`,
      params: whereParams,
    },
  ];
}

const BY_NAME = `lower("organizations"."name") asc, "organizations"."id" asc`;
export const organizationsList = () => organizationsPage('', [], BY_NAME, 'organizations_by_name');
export const organizationsSearch = (search: string) =>
  organizationsPage('where "organizations"."name" ilike $1', [`%${search}%`], BY_NAME, '');
export const organizationsByStatus = () =>
  organizationsPage('', [], `"organizations"."status" desc, "organizations"."id" desc`, 'organizations_by_status');

/** `GET /users/me?organizationId=` of a member: the organization access is all it reads. */
export const effectivePermissions = (organizationId: string, userId: string) => [
  organizationAccess(organizationId, userId),
];

/** The SuperAdmin's Users list of one organization (people.repository.ts listPeople): access, page, count. */
export function usersPage(organizationId: string, superAdminId: string, search: string | undefined): Statement[] {
  const columns = `"users"."id", "users"."first_name", "users"."last_name", "users"."email", "memberships"."status",
    ("users"."password_hash" is not null), "users"."email_confirmed", "users"."role",
    coalesce((
      select json_agg(json_build_object('organizationId', so.id, 'organizationName', so.name, 'userStatus', sm.status)
        order by lower(so.name), so.id)
      from memberships sm join organizations so on so.id = sm.organization_id
      where sm.user_id = "users"."id"
        and sm.organization_id in (select mo.id from organizations mo where not mo.is_managed_by_client)), '[]'::json)`;
  const from = `from "users" inner join "memberships"
    on ("memberships"."user_id" = "users"."id" and "memberships"."organization_id" = $1)`;
  const where = search
    ? `where ("users"."role" = $2 and ("users"."first_name" ilike $3 or "users"."last_name" ilike $3
        or "users"."email" ilike $3 or concat_ws(' ', "users"."first_name", "users"."last_name") ilike $3))`
    : `where "users"."role" = $2`;
  const params = search ? [organizationId, 'User', `%${search}%`] : [organizationId, 'User'];
  return [
    organizationAccess(organizationId, superAdminId),
    {
      text: `select ${columns} ${from} ${where}
        order by lower("users"."last_name") asc, "users"."id" asc limit $${params.length + 1} offset $${params.length + 2}`,
      params: [...params, 25, 0],
    },
    { text: `select count(*) from (select ${columns} ${from} ${where}) "filtered_rows"`, params },
  ];
}

export const EXPORT_BATCH = 1000;

/** A page of the organizations export by keyset (readByKeyset): after the previous page's last row. */
export function exportPage(after: { key: string; id: string } | undefined): Statement {
  const where = after ? `where (lower("organizations"."name"), "organizations"."id") > ($1, $2)` : '';
  const params = after ? [after.key, after.id] : [];
  return {
    text: `select ${ORGANIZATION_COLUMNS}, lower("organizations"."name"), "id" from "organizations" ${where}
      order by ${BY_NAME} limit $${params.length + 1}`,
    params: [...params, EXPORT_BATCH],
  };
}

/** Every page of the export, one after another as the server reads them, until a short one. */
export async function readExportPages(raw: SqlRunner): Promise<number> {
  let after: { key: string; id: string } | undefined;
  let pages = 0;
  for (;;) {
    const { text, params } = exportPage(after);
    const rows = await raw.query<Record<string, string>>(text, params);
    pages += 1;
    const last = rows[rows.length - 1];
    if (rows.length < EXPORT_BATCH || !last) return pages;
    after = { key: last.lower!, id: last.id! };
  }
}
