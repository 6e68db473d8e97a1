import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { ConfigError } from '../config.js';
import type { SqlRunner } from '../db/client.js';
import { BatchedCounts, type Reach } from './rate-limit-batches.js';

/** One counted request: the count in its window so far, and how long the window still runs. */
export interface Count {
  current: number;
  ttl: number;
}

/**
 * Where the rate-limit counts of a deployment live (docs/decisions/0041-shared-rate-limits.md):
 * 'memory' is the plugin's own per-process store (the embedded database has one process), the
 * others are shared by every node.
 */
export type CountsKind = 'memory' | 'postgres' | 'redis';

/** Requests counted against a key (`hits` of them, one unless a batch settles several). */
export interface Hits {
  key: string;
  hits: number;
  windowMs: number;
}

export interface SharedCounts {
  kind: Exclude<CountsKind, 'memory'>;
  /**
   * Adds each key's hits to its window of `windowMs`, begun by the key's first request; answers
   * each key's count so far and the rest of its window, in the order given. Keys are distinct.
   */
  add(batch: Hits[]): Promise<Count[]>;
  close(): Promise<void>;
}

/**
 * One statement for any number of keys: a window begins at a key's first request and ends
 * `windowMs` later by the database's clock (the same for every node); later hits in the window
 * add to it, the first after it begins a new window in the same row. Ended windows are deleted
 * hourly.
 */
export const POSTGRES_ADD = `
INSERT INTO rate_limit_counts AS c (key, count, window_end)
SELECT h.key, h.hits, now() + make_interval(secs => h.window_ms / 1000.0)
FROM unnest($1::text[], $2::int[], $3::int[]) AS h(key, hits, window_ms)
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN c.window_end <= now() THEN excluded.count ELSE c.count + excluded.count END,
  window_end = CASE WHEN c.window_end <= now() THEN excluded.window_end ELSE c.window_end END
RETURNING key, count, ceil(extract(epoch FROM c.window_end - now()) * 1000)::int AS ttl`;

/** The parameters of `POSTGRES_ADD` for a batch. */
export const postgresAddParams = (batch: Hits[]) => [
  batch.map((h) => h.key),
  batch.map((h) => h.hits),
  batch.map((h) => h.windowMs),
];

export const POSTGRES_CLEANUP = 'DELETE FROM rate_limit_counts WHERE window_end <= now()';

export function postgresCounts(raw: SqlRunner): SharedCounts {
  return {
    kind: 'postgres',
    add: async (batch) => {
      const rows = await raw.query<{ key: string; count: number; ttl: number }>(POSTGRES_ADD, postgresAddParams(batch));
      const byKey = new Map(rows.map((row) => [row.key, { current: row.count, ttl: row.ttl }]));
      return batch.map((h) => byKey.get(h.key)!);
    },
    close: async () => undefined,
  };
}

/** The same window in Redis: the key expires with its window. */
const REDIS_INCR = `
local hits = tonumber(ARGV[2])
local current = redis.call('INCRBY', KEYS[1], hits)
if current == hits then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;
const REDIS_PREFIX = 'qualis:rate-limit:';

/** A pipeline with the command `defineCommand` adds. */
interface CountingPipeline {
  qualisRateLimit(key: string, windowMs: number, hits: number): CountingPipeline;
  exec(): Promise<[Error | null, unknown][] | null>;
}

/** The address of a Redis URL without its password, for messages. */
const redisAddress = (url: string) => {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
};

/**
 * Connects to Redis and checks that it answers; a Redis that does not stops the start, naming
 * REDIS_URL. The client (ioredis) is loaded only here. A request never waits for Redis to come
 * back: while it is unreachable, a command fails at once and the request is counted in its process.
 */
export async function redisCounts(url: string): Promise<SharedCounts> {
  const ioredis = await import('ioredis');
  // The built server's bundle gives the CommonJS module as its default export only.
  const Redis = ioredis.Redis ?? (ioredis.default as unknown as typeof ioredis).Redis;
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
  });
  // Connection errors show as failed counts (logged by the store); the client reconnects itself.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new ConfigError(`REDIS_URL: Redis at ${redisAddress(url)} does not answer (${(error as Error).message})`);
  }
  redis.defineCommand('qualisRateLimit', { numberOfKeys: 1, lua: REDIS_INCR });
  return {
    kind: 'redis',
    add: async (batch) => {
      const pipeline = redis.pipeline() as unknown as CountingPipeline;
      for (const h of batch) pipeline.qualisRateLimit(REDIS_PREFIX + h.key, h.windowMs, h.hits);
      const results = (await pipeline.exec()) ?? [];
      return results.map(([error, result]) => {
        if (error) throw error;
        const [current, ttl] = result as [number, number];
        return { current, ttl };
      });
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Per-process counts, used only while the shared ones cannot be reached. */
class LocalCounts {
  private readonly windows = new Map<string, { current: number; end: number }>();
  constructor(private readonly max: number) {}

  incr(key: string, windowMs: number): Count {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.end <= now) {
      if (this.windows.size >= this.max) this.prune(now);
      window = { current: 0, end: now + windowMs };
      this.windows.set(key, window);
    }
    window.current += 1;
    return { current: window.current, ttl: window.end - now };
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.end <= now) this.windows.delete(key);
    // Still full: drop the oldest windows (a Map iterates in insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.max) break;
      this.windows.delete(key);
    }
  }
}

/**
 * The plugin's `store` for shared counts. The general budgets (the plugin's own store) are settled
 * in batches (`BatchedCounts`, decision 0047); a route's own limit (sign-in, refresh, the access
 * code: a `child`) is counted in the shared counts with every request, exactly. When they cannot
 * be reached (database or Redis down) the request is counted in its own process instead: the API
 * stays up and each process still holds its own limits (fail-open to per-process limits, decision
 * 0041). The outage and the return are logged once each. `close` sends the last batch.
 */
export function sharedStore(counts: SharedCounts, log: FastifyBaseLogger, cacheSize: number) {
  const local = new LocalCounts(cacheSize);
  let failing = false;

  const reach: Reach = async (batch) => {
    try {
      const counted = await counts.add(batch);
      if (failing) {
        failing = false;
        log.info({ rateLimitStore: counts.kind }, 'rate-limit counts are shared again');
      }
      return counted;
    } catch (err) {
      if (!failing) {
        failing = true;
        log.warn({ err, rateLimitStore: counts.kind }, 'rate-limit counts unreachable: counting in this process');
      }
      return undefined;
    }
  };
  const exact = async (key: string, windowMs: number): Promise<Count> =>
    (await reach([{ key, hits: 1, windowMs }]))?.[0] ?? local.incr(key, windowMs);
  const batched = new BatchedCounts(reach, cacheSize);

  // The plugin calls `child` with its merged options (`routeInfo` is the route), not as typed.
  class SharedStore {
    /** The plugin passes its options; a route's own limit counts apart under its method and URL. */
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Count) => void, windowMs: number, max: number) {
      const counted = this.prefix ? exact(this.prefix + key, windowMs) : batched.incr(key, windowMs, max);
      void counted.then((result) => callback(null, result));
    }

    child(routeOptions: { routeInfo?: { method?: unknown; url?: unknown } }) {
      const route = routeOptions.routeInfo ?? {};
      return new SharedStore(undefined, `${this.prefix}${String(route.method)}${String(route.url)}-`);
    }
  }
  return { store: SharedStore as unknown as FastifyRateLimitStoreCtor, close: () => batched.close() };
}
