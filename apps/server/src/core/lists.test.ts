import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, like, sql } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { newId } from './ids.js';
import { LIST_TOTAL_CAP } from '@qualis/contract';
import { req } from '../../../../docs/requirements/req.js';
import { readByKeyset, readPage, resolveList, type KeysetPage, type ListSpec } from './lists.js';

let t: TestContext;

// Names with ties and NULLs, so pages of 2 end between equal sort values and inside the NULLs.
const FIRST_NAMES = [null, 'Ann', 'ann', null, 'Ben', 'Ann', null, 'Carl', 'ben', null, 'Ann'];

const SPEC: ListSpec = {
  sortable: { firstName: sql`lower(${users.firstName})`, email: sql`lower(${users.email})` },
  defaultSort: { key: 'email', direction: 'asc' },
  searchable: [users.email],
  tiebreaker: users.id,
  notNull: ['email'],
};
const ours = like(users.email, 'keyset-%');

beforeAll(async () => {
  t = await createTestContext();
  await t.db.insert(users).values(
    FIRST_NAMES.map((firstName, i) => ({
      id: newId(),
      email: `keyset-${i}@example.com`,
      role: 'User' as const,
      firstName,
    })),
  );
});
afterAll(() => t.close());

describe('keyset reads', () => {
  for (const key of ['firstName', 'email']) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`read every row once, in the list's order, by ${key} ${direction}, 2 rows a page`, async () => {
        const list = resolveList({ limit: 100, offset: 0, orderBy: key, orderType: direction }, SPEC);
        const expected = await t.db
          .select({ id: users.id })
          .from(users)
          .where(ours)
          .orderBy(...list.orderBy);
        const select = (page: KeysetPage) =>
          t.db
            .select({ id: users.id, ...page.fields })
            .from(users)
            .where(and(ours, page.where))
            .$dynamic();
        const read: { id: string }[] = [];
        for await (const row of readByKeyset<{ id: string }>(select, list.keyset, 2)) read.push(row);
        expect(read).toEqual(expected);
        expect(read).toHaveLength(FIRST_NAMES.length);
      });
    }
  }
});

describe('list totals', () => {
  /** The numbers 1..n as a list's query, in their order. */
  const numbers = (n: number) => () =>
    t.db
      .select({ n: sql<number>`g.n` })
      .from(sql`generate_series(1, ${n}) as g(n)`)
      .$dynamic();
  const page = (n: number, offset: number, limit = 25) =>
    readPage(t.db, numbers(n), { limit, offset, orderBy: [sql`g.n`] });

  it(`are exact up to ${LIST_TOTAL_CAP} rows past the page's start, a floor beyond it ${req('UI-011')}`, async () => {
    expect(await page(LIST_TOTAL_CAP, 0)).toMatchObject({ totalCount: LIST_TOTAL_CAP, totalCapped: false });
    const first = await page(LIST_TOTAL_CAP + 50, 0);
    expect(first.rows.map((r) => r.n)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(first).toMatchObject({ totalCount: LIST_TOTAL_CAP, totalCapped: true });
    // A page further on counts further on: every row stays reachable, the last pages are exact.
    expect(await page(LIST_TOTAL_CAP + 50, 100)).toMatchObject({ totalCount: LIST_TOTAL_CAP + 50, totalCapped: false });
    expect(await page(LIST_TOTAL_CAP + 50, LIST_TOTAL_CAP + 40)).toMatchObject({
      totalCount: LIST_TOTAL_CAP + 50,
      totalCapped: false,
    });
    expect(await page(3, 0, 2)).toMatchObject({ totalCount: 3, totalCapped: false });
  });
});
