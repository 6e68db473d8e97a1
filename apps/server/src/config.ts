import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { RECORD_EXPORT_STREAM_MAX } from '@qualis/contract';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const perMinute = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number of requests a minute' })
    .int('must be a whole number of requests a minute')
    .min(1, 'must be at least 1')
    .default(fallback);

/**
 * proxy-addr's names of address ranges: 127.0.0.1/8 and ::1; 169.254.0.0/16 and fe80::/10; 10/8,
 * 172.16/12, 192.168/16 and fc00::/7.
 */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * Whose X-Forwarded-For the server believes (docs/decisions/0046-trust-proxy.md): nobody's (unset)
 * or the proxies at these addresses and ranges. Never everyone's, nor "the last n hops", which
 * cannot tell a proxy from a client that reached a node directly and wrote the header itself.
 */
const ZTrustProxy = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    if (value === undefined) return false;
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrRange)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: "must be the proxies' addresses or CIDR ranges, comma-separated (or loopback, linklocal, uniquelocal)",
    });
    return z.NEVER;
  });

const ZConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z
    .url({ error: 'must be an absolute URL such as http://localhost:3000' })
    .default('http://localhost:3000'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must look like smtp://user:pass@host:port')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Qualis <no-reply@qualis.local>'),
  SUPERADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  SUPERADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(50).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  TRUST_PROXY: ZTrustProxy,
  RATE_LIMIT_PERSON_PER_MINUTE: perMinute(1200),
  RATE_LIMIT_ADDRESS_PER_MINUTE: perMinute(600),
  RATE_LIMIT_SIGN_IN_PER_MINUTE: perMinute(30),
  RECORD_EXPORT_STREAM_MAX: z.coerce
    .number({ error: 'must be a whole number of records' })
    .int('must be a whole number of records')
    .min(1, 'must be at least 1')
    .default(RECORD_EXPORT_STREAM_MAX),
  QUALIS_TEST_CONTROLS: z.enum(['0', '1'], { error: 'must be 1 or 0' }).default('0'),
  FILE_STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-central-1 (auto on R2)')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3-63 lower-case letters, digits, dots, hyphens',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
});

/**
 * What FILE_STORAGE=s3 needs: the bucket and its region always, the keys as a pair. Read from the
 * raw values, so a missing one is named beside any bad one.
 */
function checkS3(c: Record<string, string | undefined>): z.core.$ZodIssue[] {
  if (c.FILE_STORAGE !== 's3') return [];
  const missing = (name: string, message: string) => ({
    code: 'custom' as const,
    path: [name],
    message,
    input: undefined,
  });
  const issues = [];
  for (const name of ['S3_BUCKET', 'S3_REGION']) {
    if (!c[name]) issues.push(missing(name, 'is required when FILE_STORAGE=s3'));
  }
  if (c.S3_ACCESS_KEY_ID && !c.S3_SECRET_ACCESS_KEY) {
    issues.push(missing('S3_SECRET_ACCESS_KEY', 'is required with S3_ACCESS_KEY_ID'));
  }
  if (c.S3_SECRET_ACCESS_KEY && !c.S3_ACCESS_KEY_ID) {
    issues.push(missing('S3_ACCESS_KEY_ID', 'is required with S3_SECRET_ACCESS_KEY'));
  }
  return issues;
}

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph) for the files (core/s3-storage.ts). */
export interface S3Settings {
  kind: 's3';
  /** Absent for AWS itself; the service's URL otherwise. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Absent: the SDK's default chain (environment, shared files, the instance's or container's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

/** Fastify's trustProxy, in the subset TRUST_PROXY accepts: off, or the proxies' addresses and ranges. */
export type TrustProxy = false | string[];

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  superAdminEmail: string | undefined;
  superAdminPassword: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Where the rate-limit counts of several nodes are shared (else PostgreSQL or the process). */
  redisUrl: string | undefined;
  /** The proxies whose X-Forwarded-For gives the client's address (rate limits, audit trail, sessions). */
  trustProxy: TrustProxy;
  /** Requests a minute (see core/rate-limits.ts); the web app's static files are never limited. */
  rateLimits: {
    /** Authenticated API calls, per person. */
    personPerMinute: number;
    /** Anonymous API calls, per client address. */
    addressPerMinute: number;
    /** Sign-in and token refresh, per client address. */
    signInPerMinute: number;
  };
  /**
   * A Single PDF or PDF archive of more records than this is made by a background job and
   * e-mailed as a link instead of streamed (modules/exports/record-exports.ts).
   */
  recordExportStreamMax: number;
  /** Directory of the built web app served at /; absent in API-only tests. */
  webDir: string | undefined;
  /** The browser journeys' control of the clock (/api/test, docs/decisions/0032-effective-revisions.md). */
  testControls: boolean;
  /** Directory of the build's validation report (`npm run build` keeps it there); absent in tests. */
  validationReportDir: string | undefined;
  /** The version of the running build (the root package.json's), for About; main.ts reads it. */
  version: string | undefined;
  /** Where uploaded files are kept: DATA_DIR/files, or an S3-compatible bucket (FILE_STORAGE). */
  fileStorage: { kind: 'local' } | S3Settings;
};

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(
    Object.keys(ZConfig.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = ZConfig.safeParse(blankToUndefined);
  const issues = [...(parsed.success ? [] : parsed.error.issues), ...checkS3(blankToUndefined)];
  if (!parsed.success || issues.length > 0) {
    const lines = issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: c.PUBLIC_URL.replace(/\/+$/, ''),
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    superAdminEmail: c.SUPERADMIN_EMAIL?.toLowerCase(),
    superAdminPassword: c.SUPERADMIN_PASSWORD,
    logLevel: c.LOG_LEVEL,
    redisUrl: c.REDIS_URL,
    trustProxy: c.TRUST_PROXY,
    rateLimits: {
      personPerMinute: c.RATE_LIMIT_PERSON_PER_MINUTE,
      addressPerMinute: c.RATE_LIMIT_ADDRESS_PER_MINUTE,
      signInPerMinute: c.RATE_LIMIT_SIGN_IN_PER_MINUTE,
    },
    recordExportStreamMax: c.RECORD_EXPORT_STREAM_MAX,
    webDir: undefined,
    testControls: c.QUALIS_TEST_CONTROLS === '1',
    validationReportDir: undefined,
    fileStorage:
      c.FILE_STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: c.S3_ENDPOINT,
            region: c.S3_REGION!,
            bucket: c.S3_BUCKET!,
            credentials:
              c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: c.S3_FORCE_PATH_STYLE === 'true',
          }
        : { kind: 'local' },
    version: undefined,
  };
}
