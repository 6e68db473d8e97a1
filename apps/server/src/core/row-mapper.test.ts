import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { newId } from './ids.js';
import { compileRowMapper, selectArrays } from './row-mapper.js';

let t: TestContext;
const other = alias(users, 'other');
const ours = like(users.email, 'row-mapper-%');

beforeAll(async () => {
  t = await createTestContext();
  const first = newId();
  await t.db.insert(users).values([
    { id: first, email: 'row-mapper-1@example.com', role: 'User', firstName: 'Ann' },
    // The second person's avatar id points at the first: the left join finds them; the first's finds no one.
    {
      id: newId(),
      email: 'row-mapper-2@example.com',
      role: 'Admin',
      avatarFileId: first,
      passwordChangedAt: new Date('2026-01-02T03:04:05.678Z'),
    },
  ]);
});
afterAll(() => t.close());

/** The compiled mapping of the driver's arrays answers what Drizzle's own mapping answers. */
async function expectDrizzlesRows(query: PgSelect, omit?: Set<string>) {
  const expected = (await query.execute()) as Record<string, unknown>[];
  const { rows, prepared } = await selectArrays(query);
  const mapped = rows.map(compileRowMapper(prepared.fields, prepared.joinsNotNullableMap, omit));
  for (const row of expected) for (const name of omit ?? []) delete row[name];
  expect(mapped).toEqual(expected);
  return mapped;
}

describe('rows mapped by a mapper compiled once', () => {
  it('decode flat fields as Drizzle does: timestamps, nulls, SQL with and without a decoder, omitted fields', async () => {
    const rows = await expectDrizzlesRows(
      t.db
        .select({
          email: users.email,
          role: users.role,
          passwordChangedAt: users.passwordChangedAt,
          createdAt: users.createdAt,
          createdAgain: sql`${users.createdAt}`.mapWith(users.createdAt),
          length: sql`length(${users.email})`.mapWith(Number),
          raw: sql`${users.email} || '!'`,
          cursor: sql`${users.id}`,
        })
        .from(users)
        .where(ours)
        .orderBy(users.email)
        .$dynamic(),
      new Set(['cursor']),
    );
    expect(rows[1]).toMatchObject({ passwordChangedAt: new Date('2026-01-02T03:04:05.678Z'), length: 24 });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    expect(rows[0]).not.toHaveProperty('cursor');
  });

  it('nest objects, and answer null for a left-joined table that found nothing (and only then)', async () => {
    const rows = await expectDrizzlesRows(
      t.db
        .select({
          email: users.email,
          avatarOwner: { email: other.email, createdAt: other.createdAt, role: other.role },
          both: { mine: users.email, theirs: other.email },
        })
        .from(users)
        .leftJoin(other, eq(other.id, users.avatarFileId))
        .where(ours)
        .orderBy(users.email)
        .$dynamic(),
    );
    expect(rows[0]).toMatchObject({ avatarOwner: null, both: { mine: 'row-mapper-1@example.com', theirs: null } });
    expect(rows[1]).toMatchObject({ avatarOwner: { email: 'row-mapper-1@example.com' } });
  });
});
