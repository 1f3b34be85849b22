import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseAddressList } from './address-list';
import { parseTrustProxy } from './trust-proxy';

/** pino's levels (src/server/observability/logger.ts); `silent` writes nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

// The one place that reads process.env (CONVENTIONS §14). Everything else imports `env`.
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** The port the site listens on (`npm start`); without NEXTAUTH_URL the public address follows it. */
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'a port number')
    .default('3000'),
  /** The site's public address (next-auth's callbacks, canonical links): see siteUrl(). */
  NEXTAUTH_URL: z.string().url().optional(),
  NEXTAUTH_SECRET: z.string().min(32).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Lamplight <no-reply@lamplight.local>'),
  /** The address readers write to for help, shown on /contact (supportContact() below). */
  SUPPORT_EMAIL: z.email('an e-mail address').optional(),
  /** A help page of the site's team (a help desk, a form), linked from /contact: http or https. */
  SUPPORT_URL: z.url({ protocol: /^https?$/, error: 'an http(s) address' }).optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Where the bucket's objects are publicly readable (a CDN, or the endpoint plus the bucket). */
  S3_PUBLIC_URL: z.string().url().optional(),
  /** Path-style addressing (endpoint/bucket/key): most S3-compatible servers want it. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  PUBLIC_URL: z.string().url().optional(),
  SEARCH_URL: z.string().optional(),
  DEFAULT_LANGUAGE: z.string().default('en'),
  /** The request header a CDN puts the reader's country in (e.g. cf-ipcountry): the home page's curated sets. */
  COUNTRY_HEADER: z.string().default('cf-ipcountry'),
  /** The country of a reader whose request names none (ISO 3166 alpha-2). */
  DEFAULT_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'a two-letter country code')
    .transform((value) => value.toUpperCase())
    .default('US'),
  /**
   * Where `npm run backup` writes archives when it is given no folder, and where the nightly backup
   * job writes them; the nightly job is registered only when this is set (decision 035).
   */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many nightly archives to keep (`7`), or for how many days (`30d`); the newest always stays. */
  BACKUP_RETENTION: z
    .string()
    .default('7')
    .transform((value, ctx) => {
      const match = /^(\d{1,4})(d?)$/.exec(value.trim());
      const amount = match ? Number(match[1]) : 0;
      if (match && amount >= 1) return match[2] ? { days: amount } : { count: amount };
      ctx.addIssue({ code: 'custom', message: 'a number of archives (7) or of days (30d), at least 1' });
      return z.NEVER;
    }),
  /** The hour (UTC, 0–23) after which the nightly backup of the day is due. */
  BACKUP_HOUR: z
    .string()
    .regex(/^([01]?\d|2[0-3])$/, 'an hour from 0 to 23')
    .default('3')
    .transform(Number),
  /**
   * The hour (UTC, 0–23) from which the daily devotional's mail of the day goes out to the
   * `daily-devotional` topic's subscribers (docs/decisions/051-daily-devotional-mail.md).
   */
  DAILY_DEVOTIONAL_HOUR: z
    .string()
    .regex(/^([01]?\d|2[0-3])$/, 'an hour from 0 to 23')
    .default('6')
    .transform(Number),
  /**
   * How long a worker holds a batch of recipients (newsletters, reading plans, the notifications'
   * digest) before another worker may take it over — the time mail waits after a worker died in the
   * middle of a send (docs/decisions/024-newsletters.md). It must outlive the slowest batch: 50 mails
   * over 4 connections.
   */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  /** The folder holding pg_dump and pg_restore, when they are not on PATH (backups on PostgreSQL). */
  PG_BIN_DIR: z.string().optional(),
  /** The folder `npm run` was started from (npm sets it): relative paths given to the backup commands. */
  INIT_CWD: z.string().optional(),
  // The web process runs the job worker too unless told not to (then run `npm run worker`).
  RUN_WORKER: z.enum(['true', 'false']).default('true'),
  /**
   * The embedded database's upkeep: a sweep that vacuums, analyzes and checkpoints the PGlite this
   * process holds, one short step a minute (decision 037). Nothing to do on a PostgreSQL server.
   */
  DB_UPKEEP: z.enum(['true', 'false']).default('true'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** Password of the demo accounts on first run (generated and printed when unset). */
  SEED_ADMIN_PASSWORD: z.string().min(8).optional(),
  /**
   * On SIGTERM the front server lets requests in flight finish for up to this long before it cuts
   * them, then stops the runtime (docs/decisions/033-health-and-shutdown.md).
   */
  DRAIN_TIMEOUT_SECONDS: z
    .string()
    .regex(/^\d{1,4}$/, 'a whole number of seconds')
    .transform(Number)
    .default(10),
  /** The least severe log line written (docs/decisions/036-metrics-and-logs.md). */
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /**
   * The socket addresses (addresses and CIDR ranges, comma-separated) GET /metrics answers without a
   * token: the loopback by default; empty, none (decision 036). Never X-Forwarded-For.
   */
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.0/8,::1')
    .transform((value, ctx) => {
      const list = parseAddressList(value);
      if (typeof list !== 'string') return list;
      ctx.addIssue({ code: 'custom', message: list });
      return z.NEVER;
    }),
  /**
   * Outbound requests the site makes for its users (webhooks, imported images) may reach private,
   * loopback and link-local addresses, and webhooks plain http: for local tests only (decision 040).
   */
  OUTBOUND_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** The largest export file an import accepts (bytes; 100 MB by default; docs/decisions/042-imports.md). */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024 * 1024),
  /**
   * `npm run worker` answers GET /metrics, /healthz and /readyz on this port when set (off by
   * default), at WORKER_STATUS_HOST (the loopback by default): src/server/jobs/worker-status-server.ts.
   */
  WORKER_STATUS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  WORKER_STATUS_HOST: z.string().min(1).default('127.0.0.1'),
  /** A scraper sending `Authorization: Bearer <this>` reads GET /metrics from any address. */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** Proxies whose X-Forwarded-For is believed: a hop count or addresses/CIDRs (lib/trust-proxy.ts). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (typeof trust !== 'string') return trust;
      ctx.addIssue({ code: 'custom', message: trust });
      return z.NEVER;
    }),
});

function loadEnv() {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ');
    throw new Error(`Invalid configuration:\n  ${issues}`);
  }
  const value = parsed.data;
  const secret = value.NEXTAUTH_SECRET ?? readOrCreateSecret(value.DATA_DIR);
  const url = siteUrl(value);
  // next-auth reads these names itself, so keep process.env in step with the validated values.
  process.env.NEXTAUTH_SECRET = secret;
  process.env.NEXTAUTH_URL = url;
  return {
    ...value,
    NEXTAUTH_SECRET: secret,
    NEXTAUTH_URL: url,
    PUBLIC_URL: value.PUBLIC_URL ?? url,
    SEARCH_URL: value.SEARCH_URL ?? '/search',
    ...supportContact(value),
    ...s3Settings(value),
  };
}

/**
 * How readers reach the people who run the site (/contact, "Help & support"): SUPPORT_EMAIL and/or
 * SUPPORT_URL as configured. With neither, the address of a MAIL_FROM the operator set — a real
 * mailbox of theirs — unless it is a no-reply one; otherwise none, and /contact says so rather than
 * offer an address nobody reads (docs/decisions/029-public-links-and-contact.md).
 */
function supportContact(value: z.infer<typeof schema>) {
  if (value.SUPPORT_EMAIL || value.SUPPORT_URL)
    return { SUPPORT_EMAIL: value.SUPPORT_EMAIL, SUPPORT_URL: value.SUPPORT_URL };
  return { SUPPORT_EMAIL: mailFromAddress(process.env.MAIL_FROM), SUPPORT_URL: undefined };
}

/** The address in `Name <address>` or `address`, when it is one a person reads. */
export function mailFromAddress(mailFrom: string | undefined): string | undefined {
  const address = mailFrom && (/<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  if (!address || !z.email().safeParse(address).success) return undefined;
  const local = address.slice(0, address.lastIndexOf('@')).toLowerCase();
  return /^(no-?reply|do-?not-?reply|mailer-daemon|bounces?)([+._-]|$)/.test(local) ? undefined : address;
}

/**
 * The site's address, the one source of every absolute URL it makes (canonical, og:url, JSON-LD,
 * share links, next-auth's callbacks and error page): NEXTAUTH_URL, or this machine at the port the
 * site listens on (`PORT=3100 npm start` → http://localhost:3100). PUBLIC_URL overrides it for
 * public links only (a CDN or another host in front).
 */
export function siteUrl(value: { NEXTAUTH_URL?: string; PORT: string }): string {
  return value.NEXTAUTH_URL ?? `http://localhost:${value.PORT}`;
}

// The S3 upload driver (docs/decisions/007-s3-uploads.md) is on when S3_BUCKET is set. Its public
// base URL defaults to where the store serves the bucket: the endpoint plus the bucket (path style)
// or AWS's virtual-hosted address; no trailing slash either way.
function s3Settings(value: z.infer<typeof schema>) {
  const forcePathStyle = value.S3_FORCE_PATH_STYLE
    ? value.S3_FORCE_PATH_STYLE === 'true'
    : Boolean(value.S3_ENDPOINT);
  let publicUrl = value.S3_PUBLIC_URL;
  if (!publicUrl && value.S3_BUCKET) {
    publicUrl =
      value.S3_ENDPOINT && forcePathStyle
        ? `${value.S3_ENDPOINT.replace(/\/+$/, '')}/${value.S3_BUCKET}`
        : `https://${value.S3_BUCKET}.s3.${value.S3_REGION}.amazonaws.com`;
  }
  return { S3_PUBLIC_URL: publicUrl?.replace(/\/+$/, ''), S3_FORCE_PATH_STYLE: forcePathStyle };
}

// First run without NEXTAUTH_SECRET: generate one into the data folder so sessions survive restarts.
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'nextauth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export type Env = ReturnType<typeof loadEnv>;
export const env: Env = loadEnv();
