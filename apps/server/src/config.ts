/**
 * Configuration: environment variables only, parsed with zod at start-up (DESIGN.md §3). A bad value throws a
 * ConfigError naming the variable; `main.ts` prints it and exits.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { CountryCode } from '@emporium/contract';

/** The repository root: the nearest folder above this file whose package.json declares workspaces. */
function findRepoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && 'workspaces' in JSON.parse(readFileSync(pkg, 'utf8'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}
export const REPO_ROOT = findRepoRoot();

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));
/** True for a time zone name the runtime knows (IANA, e.g. `Europe/Berlin`; `UTC`). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
const int = (def: number, min = 1) => z.coerce.number().int().min(min).default(def);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(3000, 0),
  HOST: optionalString,
  TRUST_PROXY: z.string().default(''),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  STOREFRONT_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** The shop's country (ISO 3166-1 alpha-2, issue 27): addresses saved without one are there. */
  SHOP_COUNTRY: CountryCode.default('US'),
  /** The shop's time zone (IANA, issue 46): the withdrawal period ends at midnight there. */
  SHOP_TIME_ZONE: z
    .string()
    .default('UTC')
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin or America/New_York'),
  /** Who may browse and buy (issue 41): `members` is the spec's shop behind the login; `open` adds guests. */
  STOREFRONT_MODE: z.enum(['members', 'open']).default('members'),
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  REDIS_URL: optionalString.pipe(z.url().optional()),
  SESSION_TTL_HOURS: int(168),
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  SEED_DEMO: bool,
  RATE_LIMIT_MAX: int(600),
  AUTH_RATE_LIMIT_MAX: int(100),
  LOGIN_FAILURES_MAX: int(10),
  ARGON2_MEMORY_KIB: int(19456, 1024),
  WEB_DIST: optionalString,
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paypal']).optional(),
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PAYPAL_ALLOW_SANDBOX: bool,
  PENDING_ORDER_TTL_MINUTES: int(60),
  RECONCILE_INTERVAL_SECONDS: int(60),
  RECONCILE_GRACE_SECONDS: int(60, 0),
  REQUEST_TIMEOUT_SECONDS: int(30),
  REFUSAL_DELAY_MS: int(1000, 0).pipe(z.number().max(10_000)),
  CATALOG_CACHE_TTL_SECONDS: int(10, 0),
  CATALOG_CACHE_MAX_MB: int(64),
  CATALOG_COLD_PER_MINUTE: int(60, 0),
  CHECKOUT_CONCURRENCY: int(16, 0),
  CHECKOUT_QUEUE: int(500, 0),
  SESSION_CACHE_TTL_SECONDS: int(10, 0),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('Emporium <orders@emporium.test>'),
  REQUIRE_EMAIL_VERIFICATION: bool,
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'not a bucket name (3-63 lowercase letters, digits, dots, hyphens)',
      )
      .optional(),
  ),
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]+$/i, 'not a region name')
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool,
  S3_PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TOTP_ENCRYPTION_KEY: optionalString,
  ADMIN_2FA_REQUIRED: bool,
});

export class ConfigError extends Error {}

const invalid = (line: string) => new ConfigError(`Invalid configuration:\n  ${line}`);

/**
 * `TRUST_PROXY` (DESIGN.md §4 rate limits): empty or `false` trusts no proxy header (the client is the TCP peer);
 * a number trusts that many proxy hops; otherwise a comma-separated list of proxy addresses or CIDRs. `true` is
 * refused: it would believe any `X-Forwarded-For` a client makes up.
 */
export function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim();
  if (v === '' || v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true') {
    throw invalid(
      'TRUST_PROXY: "true" would trust any X-Forwarded-For; give the number of proxy hops or their addresses',
    );
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [ip, bits, extra] = entry.split('/');
    const family = isIP(ip ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !okBits || extra !== undefined) {
      throw invalid(`TRUST_PROXY: "${entry}" is not an IP address or CIDR`);
    }
  }
  return list;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/** PayPal's REST hosts (DESIGN.md §4 Payments): live by default in production, the sandbox elsewhere. */
export const PAYPAL_LIVE_API = 'https://api-m.paypal.com';
export const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';

/** Parsed, resolved configuration. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** Interface to listen on: loopback by default while the demo accounts exist, else all interfaces. */
  host: string;
  /** Fastify `trustProxy`: which proxies' X-Forwarded-For to believe (false: none). */
  trustProxy: false | number | string[];
  /** Origin used to build absolute image URLs and to check the Origin header (no trailing slash). */
  publicUrl: string;
  /**
   * Where shoppers' browsers are sent (payment returns, e-mail links): the web app's origin, `PUBLIC_URL` unless a
   * separately hosted storefront is named by `STOREFRONT_URL`; its origin is also allowed like CORS_ORIGINS.
   */
  storefrontUrl: string;
  /** SHOP_COUNTRY (issue 27): the country of addresses the spec's client saves (it sends none). */
  shopCountry: string;
  /** SHOP_TIME_ZONE (issue 46): the IANA zone whose midnights end the days of legal periods (withdrawal). */
  shopTimeZone: string;
  /**
   * STOREFRONT_MODE (issue 41): `members` (default) is the spec's shop, every page behind the login and kept out of
   * search engines; `open` makes the catalog and the cart public and sells to guests.
   */
  storefrontMode: 'members' | 'open';
  dataDir: string;
  /** PostgreSQL connection string; undefined means embedded PGlite under `dataDir/db`. */
  databaseUrl?: string;
  logLevel: string;
  /** Extra allowed origins for CORS and for cookie-authenticated unsafe requests. */
  corsOrigins: string[];
  redisUrl?: string;
  sessionTtlMs: number;
  admin?: { email: string; password: string };
  /** Seed the demo catalog into an empty database. */
  seedDemo: boolean;
  /**
   * The demo accounts (DESIGN.md §3), only for the embedded demo: never in production, with DATABASE_URL or with
   * ADMIN_EMAIL. `published`: the README's passwords (the server listens on loopback only); `random`: HOST opens it
   * to the network, so each start gives them new random passwords, printed once.
   */
  demoAccounts: false | 'published' | 'random';
  rateLimit: {
    /** Requests per IP per minute, all routes. */
    globalPerMinute: number;
    /** Login and register requests per IP per 15 minutes. */
    authPerWindow: number;
    /** Failed logins per e-mail per 15 minutes before 429. */
    loginFailuresPerWindow: number;
  };
  /** argon2id memory cost in KiB (OWASP: 19 MiB with t=2). */
  argon2MemoryKib: number;
  /** Built web app to serve, if the folder exists. */
  webDist: string;
  /** DESIGN.md §4 Payments: `sandbox` (built-in demo approval page) or `paypal` (REST Orders v2). */
  payments:
    | { provider: 'sandbox'; inProduction: boolean }
    | { provider: 'paypal'; clientId: string; clientSecret: string; apiBase: string };
  /** Pending orders never approved for this long are cancelled by the reconciliation job (ms). */
  pendingOrderTtlMs: number;
  /** How often the reconciliation job runs (ms). */
  reconcileIntervalMs: number;
  /** How long an order is left to its own capture before the reconciliation job asks the provider (ms). */
  reconcileGraceMs: number;
  /** Time a client has to send a whole request, headers and body (ms); then 408 and the connection is closed. */
  requestTimeoutMs: number;
  /** How long a 429 or load-shedding 503 is held before it goes out (ms; 0 = at once): lib/refusal-hold.ts. */
  refusalDelayMs: number;
  /** Longest a cached catalog answer is served (ms); writes renew the cache at once on every instance with Redis. */
  catalogCacheTtlMs: number;
  /** Most memory the cached catalog answers of one instance may hold, serialized and compressed (bytes). */
  catalogCacheMaxBytes: number;
  /** Catalog answers one client may have computed (not served from the cache) per minute; 0: no limit. */
  catalogColdPerMinute: number;
  /**
   * Admission to the money path (lib/admission.ts): cart adds, order creations and captures one instance handles at
   * once (0 = no limit), and the cart adds and order creations that may wait for a turn before 503.
   */
  checkout: { concurrency: number; maxQueued: number };
  /** Longest a resolved session is reused by shopper routes on one instance (ms); logout evicts it everywhere. */
  sessionCacheTtlMs: number;
  /** Order confirmations: SMTP when `smtpUrl` is set, else .eml files in `dataDir/outbox`. */
  mail: { smtpUrl?: string; from: string };
  /** REQUIRE_EMAIL_VERIFICATION (issue 25; default off): order creation needs a verified e-mail address (403). */
  requireEmailVerification: boolean;
  /** Where images live (DESIGN.md §4 Images, §6): local disk, or an S3-compatible bucket shared by all instances. */
  images: ImagesConfig;
  /**
   * AES-256-GCM key for the TOTP secrets at rest (issue 25, DESIGN.md §4 two-factor): `TOTP_ENCRYPTION_KEY`, 32 bytes
   * base64; outside production a fixed development key when unset; undefined in production without it (two-factor
   * enrolment then answers 503, and a database with enrolled accounts refuses to start: modules/two-factor/routes.ts).
   */
  totpEncryptionKey?: Buffer;
  /** `ADMIN_2FA_REQUIRED`: admins without two-factor sign-in get 403 from every /api/admin route. */
  adminTwoFactorRequired: boolean;
}

/** The image store: `dataDir/uploads` on local disk, or an S3-compatible bucket (S3_BUCKET set). */
export type ImagesConfig =
  | { store: 'local'; dir: string }
  | {
      store: 's3';
      bucket: string;
      region: string;
      /** S3-compatible server (MinIO, R2, …); undefined means AWS S3. */
      endpoint?: string;
      /** Bucket in the path (`endpoint/bucket/key`) instead of the host name; default on with an endpoint. */
      forcePathStyle: boolean;
      /** Undefined: the AWS SDK's default credential chain (instance role, AWS_* variables, …). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      /** Where images are linked from (`<publicUrl>/uploads/<key>`); undefined: the server serves `/uploads/`. */
      publicUrl?: string;
    };

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
] as const;

/** The `images` section: S3_BUCKET chooses the bucket; the other S3_* variables need it. */
function imagesConfig(e: z.infer<typeof EnvSchema>): ImagesConfig {
  if (!e.S3_BUCKET) {
    const stray = S3_VARIABLES.filter((name) => e[name] !== undefined);
    if (stray.length)
      throw invalid(`S3_BUCKET: required when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set`);
    return { store: 'local', dir: join(resolve(e.DATA_DIR ?? join(REPO_ROOT, 'data')), 'uploads') };
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw invalid(
      `${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together`,
    );
  }
  return {
    store: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

/** Not a secret: only for development and tests, where TOTP_ENCRYPTION_KEY may be unset. */
const DEVELOPMENT_TOTP_KEY = createHash('sha256').update('emporium development TOTP key').digest();

/** `TOTP_ENCRYPTION_KEY`: 32 bytes in base64; required in production when ADMIN_2FA_REQUIRED is set. */
function totpKey(e: z.infer<typeof EnvSchema>, production: boolean): Buffer | undefined {
  if (!e.TOTP_ENCRYPTION_KEY) {
    if (production && e.ADMIN_2FA_REQUIRED) {
      throw invalid(
        'TOTP_ENCRYPTION_KEY: required in production with ADMIN_2FA_REQUIRED, to encrypt the two-factor secrets ' +
          '(32 random bytes in base64: openssl rand -base64 32)',
      );
    }
    return production ? undefined : DEVELOPMENT_TOTP_KEY;
  }
  const key = Buffer.from(e.TOTP_ENCRYPTION_KEY, 'base64');
  if (key.length !== 32 || !/^[A-Za-z0-9+/]+={0,2}$/.test(e.TOTP_ENCRYPTION_KEY.trim())) {
    throw invalid('TOTP_ENCRYPTION_KEY: must be 32 bytes in base64 (openssl rand -base64 32)');
  }
  return key;
}

/** Parses `env` (default `process.env`) into a Config; throws ConfigError with every bad variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const production = e.NODE_ENV === 'production';
  const seedDemo = e.SEED_DEMO ?? !production;
  if (production && seedDemo) {
    throw new ConfigError(
      'Invalid configuration:\n  SEED_DEMO: demo accounts are refused when NODE_ENV=production',
    );
  }
  if (production && !e.PUBLIC_URL) {
    throw invalid(
      'PUBLIC_URL: required in production: the origin shoppers use (for example https://shop.example.com), for ' +
        'image URLs, payment returns, e-mail links and the allowed Origin',
    );
  }
  if (production && e.ADMIN_PASSWORD && /^(Admin123!|Shopper123!)$/.test(e.ADMIN_PASSWORD)) {
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_PASSWORD: a demo password is refused in production',
    );
  }
  const paypalKeys = Boolean(e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET);
  if (production && !paypalKeys && e.PAYMENT_PROVIDER !== 'sandbox') {
    throw invalid(
      'PAYMENT_PROVIDER: production needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET; set PAYMENT_PROVIDER=sandbox ' +
        'explicitly to take demo payments where no money moves',
    );
  }
  const paymentProvider = e.PAYMENT_PROVIDER ?? (paypalKeys ? 'paypal' : 'sandbox');
  const paypalApiBase = (e.PAYPAL_API_BASE ?? (production ? PAYPAL_LIVE_API : PAYPAL_SANDBOX_API)).replace(
    /\/+$/,
    '',
  );
  if (
    production &&
    paymentProvider === 'paypal' &&
    new URL(paypalApiBase).hostname.endsWith('.sandbox.paypal.com') &&
    !e.PAYPAL_ALLOW_SANDBOX
  ) {
    throw invalid(
      `PAYPAL_API_BASE: ${paypalApiBase} is PayPal's sandbox, where no money moves; production takes payments on ` +
        `${PAYPAL_LIVE_API}. Set PAYPAL_ALLOW_SANDBOX=true to use the sandbox in production on purpose`,
    );
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const demo = seedDemo && !e.DATABASE_URL && !e.ADMIN_EMAIL;
  const host = e.HOST ?? (demo ? '127.0.0.1' : '0.0.0.0');
  if (paymentProvider === 'paypal' && !paypalKeys) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_PROVIDER: paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
    );
  }
  const images = imagesConfig(e);
  const totpEncryptionKey = totpKey(e, production);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    trustProxy,
    publicUrl,
    storefrontUrl: (e.STOREFRONT_URL ?? publicUrl).replace(/\/+$/, ''),
    shopCountry: e.SHOP_COUNTRY,
    shopTimeZone: e.SHOP_TIME_ZONE,
    storefrontMode: e.STOREFRONT_MODE,
    dataDir: resolve(e.DATA_DIR ?? join(REPO_ROOT, 'data')),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    redisUrl: e.REDIS_URL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo,
    demoAccounts: demo ? (LOOPBACK.test(host) ? 'published' : 'random') : false,
    rateLimit: {
      globalPerMinute: e.RATE_LIMIT_MAX,
      authPerWindow: e.AUTH_RATE_LIMIT_MAX,
      loginFailuresPerWindow: e.LOGIN_FAILURES_MAX,
    },
    argon2MemoryKib: e.ARGON2_MEMORY_KIB,
    webDist: resolve(e.WEB_DIST ?? join(REPO_ROOT, 'apps/web/dist')),
    payments:
      paymentProvider === 'paypal'
        ? {
            provider: 'paypal',
            clientId: e.PAYPAL_CLIENT_ID!,
            clientSecret: e.PAYPAL_CLIENT_SECRET!,
            apiBase: paypalApiBase,
          }
        : { provider: 'sandbox', inProduction: production },
    pendingOrderTtlMs: e.PENDING_ORDER_TTL_MINUTES * 60_000,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_SECONDS * 1000,
    reconcileGraceMs: e.RECONCILE_GRACE_SECONDS * 1000,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    refusalDelayMs: e.REFUSAL_DELAY_MS,
    catalogCacheTtlMs: e.CATALOG_CACHE_TTL_SECONDS * 1000,
    catalogCacheMaxBytes: e.CATALOG_CACHE_MAX_MB * 1024 * 1024,
    catalogColdPerMinute: e.CATALOG_COLD_PER_MINUTE,
    checkout: { concurrency: e.CHECKOUT_CONCURRENCY, maxQueued: e.CHECKOUT_QUEUE },
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_SECONDS * 1000,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION ?? false,
    images,
    totpEncryptionKey,
    adminTwoFactorRequired: e.ADMIN_2FA_REQUIRED ?? false,
  };
}
