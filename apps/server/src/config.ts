/**
 * Configuration: environment variables only, parsed with zod at start-up (DESIGN.md §3). A bad value throws a
 * ConfigError naming the variable; `main.ts` prints it and exits.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
const int = (def: number, min = 1) => z.coerce.number().int().min(min).default(def);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(3000, 0),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
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
  PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
  PENDING_ORDER_TTL_MINUTES: int(60),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('Emporium <orders@emporium.test>'),
});

export class ConfigError extends Error {}

/** Parsed, resolved configuration. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Origin used to build absolute image URLs and to check the Origin header (no trailing slash). */
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL connection string; undefined means embedded PGlite under `dataDir/db`. */
  databaseUrl?: string;
  logLevel: string;
  /** Extra allowed origins for CORS and for cookie-authenticated unsafe requests. */
  corsOrigins: string[];
  redisUrl?: string;
  sessionTtlMs: number;
  admin?: { email: string; password: string };
  /** Seed the demo catalog into an empty database and create the demo accounts. */
  seedDemo: boolean;
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
    { provider: 'sandbox' } | { provider: 'paypal'; clientId: string; clientSecret: string; apiBase: string };
  /** Pending orders older than this are cancelled by the abandoned-order job (ms). */
  pendingOrderTtlMs: number;
  /** Order confirmations: SMTP when `smtpUrl` is set, else .eml files in `dataDir/outbox`. */
  mail: { smtpUrl?: string; from: string };
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
  if (production && e.ADMIN_PASSWORD && /^(Admin123!|Shopper123!)$/.test(e.ADMIN_PASSWORD)) {
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_PASSWORD: a demo password is refused in production',
    );
  }
  const paypalKeys = Boolean(e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET);
  const paymentProvider = e.PAYMENT_PROVIDER ?? (paypalKeys ? 'paypal' : 'sandbox');
  if (paymentProvider === 'paypal' && !paypalKeys) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_PROVIDER: paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
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
            apiBase: e.PAYPAL_API_BASE.replace(/\/+$/, ''),
          }
        : { provider: 'sandbox' },
    pendingOrderTtlMs: e.PENDING_ORDER_TTL_MINUTES * 60_000,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
  };
}
