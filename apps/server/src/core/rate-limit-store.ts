import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { ConfigError } from '../config.js';
import type { SqlRunner } from '../db/client.js';

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

export interface SharedCounts {
  kind: Exclude<CountsKind, 'memory'>;
  /** Counts one request against `key` in a window of `windowMs` begun by its first request. */
  incr(key: string, windowMs: number): Promise<Count>;
  close(): Promise<void>;
}

/**
 * One statement a counted request: a window begins at a key's first request and ends `windowMs`
 * later by the database's clock (the same for every node); a later request in the window adds
 * one, the first after it begins a new window in the same row. Ended windows are deleted hourly.
 */
export const POSTGRES_INCR = `
INSERT INTO rate_limit_counts AS c (key, count, window_end)
VALUES ($1, 1, now() + make_interval(secs => $2::int / 1000.0))
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN c.window_end <= now() THEN 1 ELSE c.count + 1 END,
  window_end = CASE WHEN c.window_end <= now() THEN excluded.window_end ELSE c.window_end END
RETURNING count, ceil(extract(epoch FROM c.window_end - now()) * 1000)::int AS ttl`;

export const POSTGRES_CLEANUP = 'DELETE FROM rate_limit_counts WHERE window_end <= now()';

export function postgresCounts(raw: SqlRunner): SharedCounts {
  return {
    kind: 'postgres',
    incr: async (key, windowMs) => {
      const [row] = await raw.query<{ count: number; ttl: number }>(POSTGRES_INCR, [key, windowMs]);
      return { current: row!.count, ttl: row!.ttl };
    },
    close: async () => undefined,
  };
}

/** The same window in Redis: the key expires with its window. */
const REDIS_INCR = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;
const REDIS_PREFIX = 'qualis:rate-limit:';

type CountingRedis = Redis & { qualisRateLimit(key: string, windowMs: number): Promise<[number, number]> };

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
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
  }) as CountingRedis;
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
    incr: async (key, windowMs) => {
      const [current, ttl] = await redis.qualisRateLimit(REDIS_PREFIX + key, windowMs);
      return { current, ttl };
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
 * The plugin's `store` for shared counts. When they cannot be reached (database or Redis down)
 * the request is counted in its own process instead: the API stays up and each process still
 * holds its own limits (fail-open to per-process limits, decision 0041). The outage and the
 * return are logged once each.
 */
export function sharedStore(
  counts: SharedCounts,
  log: FastifyBaseLogger,
  cacheSize: number,
): FastifyRateLimitStoreCtor {
  const local = new LocalCounts(cacheSize);
  let failing = false;

  const count = async (key: string, windowMs: number): Promise<Count> => {
    try {
      const counted = await counts.incr(key, windowMs);
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
      return local.incr(key, windowMs);
    }
  };

  // The plugin calls `child` with its merged options (`routeInfo` is the route), not as typed.
  class SharedStore {
    /** The plugin passes its options; a route's own limit counts apart under its method and URL. */
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Count) => void, windowMs: number) {
      void count(this.prefix + key, windowMs).then((result) => callback(null, result));
    }

    child(routeOptions: { routeInfo?: { method?: unknown; url?: unknown } }) {
      const route = routeOptions.routeInfo ?? {};
      return new SharedStore(undefined, `${this.prefix}${String(route.method)}${String(route.url)}-`);
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
