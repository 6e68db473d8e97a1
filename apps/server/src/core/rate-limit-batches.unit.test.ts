import { describe, expect, it } from 'vitest';
import { req } from '../../../../docs/requirements/req.js';
import { BatchedCounts, type Reach } from './rate-limit-batches.js';
import type { Hits } from './rate-limit-store.js';

const WINDOW_MS = 60_000;
/** A settlement interval no test waits for: each test settles when it says. */
const NEVER_MS = 3_600_000;

/** Shared counts in memory, recording every batch sent to them; `down` makes them unreachable. */
function sharedCounts() {
  const counts = new Map<string, number>();
  const batches: Hits[][] = [];
  const shared = { counts, batches, down: false };
  const reach: Reach = async (batch) => {
    if (shared.down) return undefined;
    batches.push(batch);
    return batch.map(({ key, hits }) => {
      counts.set(key, (counts.get(key) ?? 0) + hits);
      return { current: counts.get(key)!, ttl: WINDOW_MS };
    });
  };
  return { shared, reach };
}

/** Counts `n` requests of `key` on a node; answers the counts the node gave them. */
async function requests(node: BatchedCounts, key: string, n: number, max: number) {
  const given = [];
  for (let i = 0; i < n; i++) given.push((await node.incr(key, WINDOW_MS, max)).current);
  return given;
}

describe('the general budgets settled in batches', () => {
  it(`counts a key far from its limit in the process and settles it in one batch ${req('SEC-008')}`, async () => {
    const { shared, reach } = sharedCounts();
    const node = new BatchedCounts(reach, 100, NEVER_MS);
    expect(await requests(node, 'person:a', 10, 1000)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await requests(node, 'person:b', 3, 1000)).toEqual([1, 2, 3]);
    // Only each key's first request went to the shared counts.
    expect(shared.batches).toEqual([
      [{ key: 'person:a', hits: 1, windowMs: WINDOW_MS }],
      [{ key: 'person:b', hits: 1, windowMs: WINDOW_MS }],
    ]);
    await node.settle();
    expect(shared.batches[2]).toEqual([
      { key: 'person:a', hits: 9, windowMs: WINDOW_MS },
      { key: 'person:b', hits: 2, windowMs: WINDOW_MS },
    ]);
    expect(Object.fromEntries(shared.counts)).toEqual({ 'person:a': 10, 'person:b': 3 });
    await node.close();
  });

  it(`counts every request in the shared counts past half the budget, so two nodes hold the limit exactly ${req('SEC-008')}`, async () => {
    const { shared, reach } = sharedCounts();
    const [a, b] = [new BatchedCounts(reach, 100, NEVER_MS), new BatchedCounts(reach, 100, NEVER_MS)];
    const max = 10;
    // Each node counts the first 5 itself (its view stays at half the budget or below)...
    expect(await requests(a, 'address', 5, max)).toEqual([1, 2, 3, 4, 5]);
    expect(await requests(b, 'address', 5, max)).toEqual([2, 3, 4, 5, 6]);
    await Promise.all([a.settle(), b.settle()]);
    expect(shared.counts.get('address')).toBe(10);
    // ... and from there on each request is counted in the shared counts: the 11th is over the limit.
    expect((await a.incr('address', WINDOW_MS, max)).current).toBe(11);
    expect((await b.incr('address', WINDOW_MS, max)).current).toBe(12);
    await Promise.all([a.close(), b.close()]);
  });

  it(`lets a key pass its limit across nodes only by what the others have not settled yet ${req('SEC-008')}`, async () => {
    const { reach } = sharedCounts();
    const [a, b] = [new BatchedCounts(reach, 100, NEVER_MS), new BatchedCounts(reach, 100, NEVER_MS)];
    const max = 10;
    await requests(a, 'address', 5, max); // a's 4 unsettled hits
    const seenByB = await requests(b, 'address', 7, max);
    // b sees a's first request, then counts itself past half the budget exactly: a's 4 unsettled
    // hits are the overshoot, bounded by one settlement interval of a.
    expect(seenByB).toEqual([2, 3, 4, 5, 6, 7, 8]);
    await a.settle();
    expect((await b.incr('address', WINDOW_MS, max)).current).toBe(13);
    await Promise.all([a.close(), b.close()]);
  });

  it(`counts alone while the shared counts cannot be reached, and starts from theirs again after ${req('SEC-008')}`, async () => {
    const { shared, reach } = sharedCounts();
    const node = new BatchedCounts(reach, 100, NEVER_MS);
    expect(await requests(node, 'address', 2, 6)).toEqual([1, 2]);
    shared.down = true;
    // The process holds the limit on its own: its unsent hit and the outage's requests.
    expect(await requests(node, 'address', 5, 6)).toEqual([3, 4, 5, 6, 7]);
    await node.settle();
    shared.down = false;
    // The outage's requests were counted only in the process; the shared count goes on from 1.
    expect((await node.incr('address', WINDOW_MS, 6)).current).toBe(2);
    expect(shared.counts.get('address')).toBe(2);
    await node.close();
  });

  it('begins a new window when the shared window has ended, dropping the hits of the old one', async () => {
    let now = 1_000_000;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const { shared, reach } = sharedCounts();
      const node = new BatchedCounts(reach, 100, NEVER_MS);
      await requests(node, 'person:a', 3, 1000);
      now += WINDOW_MS;
      shared.counts.clear();
      expect(await requests(node, 'person:a', 2, 1000)).toEqual([1, 2]);
      await node.settle();
      expect(shared.counts.get('person:a')).toBe(2);
      await node.close();
    } finally {
      Date.now = realNow;
    }
  });
});
