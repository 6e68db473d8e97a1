import type { Count, Hits } from './rate-limit-store.js';

/** How often a process adds the hits it counted itself to the shared counts (decision 0047). */
export const SETTLE_MS = 200;

/** Adds hits to the shared counts; undefined when they cannot be reached. */
export type Reach = (batch: Hits[]) => Promise<Count[] | undefined>;

/** A key's count as this process sees it. */
interface View {
  /** The shared count when this process last heard it. */
  shared: number;
  /** Hits on their way to the shared counts (a settlement not yet answered). */
  sending: number;
  /** Hits counted here since, not yet sent. */
  pending: number;
  /**
   * Hits counted while the shared counts could not be reached: they hold this process's limit
   * until the shared counts answer again, and are never sent (decision 0041's outage rule).
   */
  alone: number;
  windowMs: number;
  /** The window's end by this process's clock (its rest as last heard). */
  windowEnd: number;
}

/** The shared count as answered: it replaces what this process counted alone in an outage. */
function heard(view: View, counted: Count) {
  view.shared = Math.max(view.shared, counted.current);
  view.windowEnd = Date.now() + counted.ttl;
  view.alone = 0;
}

const countOf = (view: View) => view.shared + view.sending + view.pending + view.alone;

/**
 * The general per-person and per-address budgets of a deployment with shared counts, counted in
 * the process and settled in batches (docs/decisions/0047-rate-limits-settled-in-batches.md): a
 * key's first request in a window, and every request once this process sees the key past half its
 * budget, is counted in the shared counts at once; the others are counted here and added to the
 * shared counts every `settleMs` in one batch. So a key far from its limit costs the request no
 * round trip, and one near it is counted exactly; across nodes a key can pass its limit only by
 * what the other nodes counted for it in their last `settleMs`. When the shared counts cannot be
 * reached the process counts alone until they answer again.
 */
export class BatchedCounts {
  private readonly views = new Map<string, View>();
  private settling: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly reach: Reach,
    private readonly maxKeys: number,
    settleMs = SETTLE_MS,
  ) {
    this.timer = setInterval(() => void this.settle(), settleMs).unref();
  }

  async incr(key: string, windowMs: number, max: number): Promise<Count> {
    const known = this.viewOf(key);
    if (known && countOf(known) + 1 <= max / 2) {
      known.pending += 1;
      return { current: countOf(known), ttl: known.windowEnd - Date.now() };
    }
    const [counted] = (await this.reach([{ key, hits: 1, windowMs }])) ?? [];
    const view = this.viewOf(key) ?? this.newView(key, windowMs);
    if (!counted) {
      view.alone += 1;
      return { current: countOf(view), ttl: view.windowEnd - Date.now() };
    }
    heard(view, counted);
    // The shared count has not seen this process's unsent hits yet.
    return { current: counted.current + view.sending + view.pending, ttl: counted.ttl };
  }

  /** Sends the hits counted here since the last settlement, one batch for every key. */
  settle(): Promise<void> {
    this.settling ??= this.send().finally(() => (this.settling = undefined));
    return this.settling;
  }

  /** Stops settling after a last settlement. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.settling;
    await this.settle();
  }

  private async send() {
    const sent: [string, View][] = [];
    for (const [key, view] of this.views) {
      if (!this.viewOf(key) || view.pending === 0) continue;
      view.sending = view.pending;
      view.pending = 0;
      sent.push([key, view]);
    }
    if (sent.length === 0) return;
    const counted = await this.reach(sent.map(([key, view]) => ({ key, hits: view.sending, windowMs: view.windowMs })));
    sent.forEach(([, view], i) => {
      const count = counted?.[i];
      if (count) heard(view, count);
      else view.alone += view.sending;
      view.sending = 0;
    });
  }

  /** The key's view while its window runs; an ended window's unsent hits belonged to it and are dropped. */
  private viewOf(key: string): View | undefined {
    const view = this.views.get(key);
    if (view && view.windowEnd > Date.now()) return view;
    if (view) this.views.delete(key);
    return undefined;
  }

  private newView(key: string, windowMs: number): View {
    if (this.views.size >= this.maxKeys) {
      for (const known of this.views.keys()) if (!this.viewOf(known)) this.views.delete(known);
      // Still full: forget the oldest views (a Map iterates in insertion order).
      for (const oldest of this.views.keys()) {
        if (this.views.size < this.maxKeys) break;
        this.views.delete(oldest);
      }
    }
    const view: View = { shared: 0, sending: 0, pending: 0, alone: 0, windowMs, windowEnd: Date.now() + windowMs };
    this.views.set(key, view);
    return view;
  }
}
