/**
 * `npm run bench`: autocannon (50 connections, asking for br/gzip like a browser) against the product listing —
 * warm (catalog cache on) anonymous and signed in, and cold (CATALOG_CACHE_TTL_SECONDS=0) — and product details, on
 * catalogs of 1k, 10k and 100k products, on PGlite and on PostgreSQL, and against a bare Fastify hello-world in the
 * same run: hello-world is measured again just before each server's rows, and each row's ratio is to that run, so
 * that a burst of load from elsewhere on a shared machine skews one pair, not the whole table. Prints req/s, p50
 * and p99 latency and the ratio to hello-world, and (on Linux) the server's CPU time per request with its ratio to
 * hello-world's: autocannon shares the machine's cores with the server, so req/s also moves with how much CPU the
 * load generator got, while CPU per request is the server's own cost. Figures only: nothing passes or fails on time.
 *
 * Options (environment): BENCH_SECONDS (default 10) per target, BENCH_SIZES (default 1000,10000,100000; empty for
 * none),
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres; set to "" to skip PostgreSQL).
 * It also prints search latency (p50, p95, with the answer cache off) on the largest catalog for a word, a typo
 * and a no-match query, the web build's initial JavaScript per route (bench/bundle-size.ts), with PostgreSQL the
 * flash sale (bench/flash-sale.ts: 50 shoppers buying one product, one instance and three behind nginx, and the
 * listing during it), and the listing's warm throughput while one client floods the shop with answers that cannot
 * be cached (bench/cold-flood.ts), the latency of five taps in Chromium at 4x CPU throttling
 * (bench/interactions.ts), and, when its database exists, every shop and admin read at a million products
 * (bench/million.ts).
 * Needs the server build (`npm run build`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BundleSizeError, measureBundles, printBundleReport } from './bundle-size.ts';
import { benchFlashSale } from './flash-sale.ts';
import { benchInteractions } from './interactions.ts';
import { benchMillion } from './million.ts';
import { benchColdFlood } from './cold-flood.ts';
import { benchSearch, printSearchTable, type SearchFigures } from './search.ts';
import { load, printTable, startProcess, stop, waitFor, type Figures } from './lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const serverEntry = join(root, 'apps/server/dist/main.js');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').filter(Boolean).map(Number);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 3901;

if (!existsSync(serverEntry)) {
  console.error('Build first: npm run build');
  process.exit(1);
}

/** The listing requests a shopper makes: default, a filtered page, a deep page, a name sort (24 per page). */
function listingUrls(base: string): string[] {
  const p = `${base}/api/shop/products/get`;
  return [
    `${p}?sortBy=price-asc&page=1&limit=24`,
    `${p}?category=Men,Women&sortBy=price-desc&page=1&limit=24`,
    `${p}?brand=Nike&sortBy=name-asc&page=3&limit=24`,
    `${p}?category=Electronics&brand=Apple,Samsung,Sony&sortBy=price-asc&page=2&limit=24`,
    // Size and Colour facets (issue 28): the seeded catalog's products have four variants each.
    `${p}?category=Men,Women&size=m,l&colour=black&sortBy=price-asc&page=1&limit=24`,
    `${p}?size=42&sortBy=price-desc&page=2&limit=24`,
  ];
}

/** A signed-in shopper's bearer header (every shop page is signed in, spec §4 guard). */
async function shopperHeaders(base: string): Promise<Record<string, string>> {
  const email = `bench-reader-${process.pid}-${Date.now()}@example.test`;
  const password = 'bench reader passphrase';
  const json = { 'content-type': 'application/json' };
  await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: 'Bench Reader', email, password }),
  });
  const login = (await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password }),
    })
  ).json()) as { token: string };
  return { authorization: `Bearer ${login.token}` };
}

/** Product detail URLs of the first listing page. */
async function detailUrls(base: string): Promise<string[]> {
  const list = (await (await fetch(listingUrls(base)[0]!)).json()) as { data: Array<{ _id: string }> };
  return list.data.slice(0, 12).map((p) => `${base}/api/shop/products/get/${p._id}`);
}

function seed(env: NodeJS.ProcessEnv, products: number): void {
  execFileSync('npm', ['run', 'seed', '--silent', '--', '--products', String(products)], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Search latency is measured on the largest catalog of the run. */
const searchRows: SearchFigures[] = [];
const LARGEST = Math.max(0, ...SIZES);

const base = `http://127.0.0.1:${PORT}`;

/** Starts the built server on PORT with `env` (rate limits lifted) and waits until it is healthy. */
async function startServer(env: NodeJS.ProcessEnv) {
  const child = startProcess(process.execPath, [serverEntry], {
    ...env,
    NODE_ENV: 'test',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    // One client asks for everything: no budget of cold catalog answers (CATALOG_COLD_PER_MINUTE).
    CATALOG_COLD_PER_MINUTE: '0',
    AUTH_RATE_LIMIT_MAX: '100000',
  });
  await waitFor(`${base}/api/health`);
  return child;
}

async function benchServer(label: string, env: NodeJS.ProcessEnv, searchLabel?: string): Promise<Figures[]> {
  const rows: Figures[] = [];
  const baseline = await helloWorld();
  const child = await startServer(env);
  try {
    const signedIn = await shopperHeaders(base);
    await load(`${label} warm-up`, listingUrls(base), 2);
    rows.push(await load(`listing warm, anonymous, ${label}`, listingUrls(base), SECONDS, 50, {}, child.pid));
    rows.push(
      await load(`listing warm, signed in, ${label}`, listingUrls(base), SECONDS, 50, signedIn, child.pid),
    );
    rows.push(
      await load(
        `details warm, signed in, ${label}`,
        await detailUrls(base),
        SECONDS,
        50,
        signedIn,
        child.pid,
      ),
    );
  } finally {
    await stop(child);
  }
  const cold = await startServer({ ...env, CATALOG_CACHE_TTL_SECONDS: '0' });
  try {
    await load(`${label} cold warm-up`, listingUrls(base), 2);
    rows.push(await load(`listing cold, anonymous, ${label}`, listingUrls(base), SECONDS, 50, {}, cold.pid));
    // Search answers are cached too; measured with the cache off, the figures are the search itself.
    if (searchLabel) searchRows.push(...(await benchSearch(base, searchLabel)));
  } finally {
    await stop(cold);
  }
  return rows.map((row) => ({ ...row, baseline }));
}

/** A bare Fastify hello-world on PORT, measured like the shop (bench/hello-world.ts). */
async function helloWorld(): Promise<Figures> {
  const hello = startProcess(
    process.execPath,
    ['--import', 'tsx', join(here, 'hello-world.ts'), String(PORT)],
    {},
  );
  try {
    await waitFor(`http://127.0.0.1:${PORT}/`);
    await load('hello-world warm-up', [`http://127.0.0.1:${PORT}/`], 2);
    return await load('fastify hello-world', [`http://127.0.0.1:${PORT}/`], SECONDS, 50, {}, hello.pid);
  } finally {
    await stop(hello);
  }
}

async function main(): Promise<void> {
  const rows: Figures[] = [];

  const baseline = await helloWorld();
  rows.push(baseline);

  for (const size of SIZES) {
    const dataDir = mkdtempSync(join(tmpdir(), `emporium-bench-${size}-`));
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      console.log(`seeding ${size} products into PGlite…`);
      seed(env, size);
      rows.push(
        ...(await benchServer(
          `PGlite, ${size} products`,
          env,
          size === LARGEST ? `PGlite, ${size} products` : undefined,
        )),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }

    if (PG_URL) {
      const dbName = `emporium_bench_${size}_${process.pid}`;
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      const url = new URL(PG_URL);
      url.pathname = `/${dbName}`;
      const dataDir2 = mkdtempSync(join(tmpdir(), `emporium-bench-pg-${size}-`));
      try {
        const env = { DATA_DIR: dataDir2, DATABASE_URL: url.toString() };
        console.log(`seeding ${size} products into PostgreSQL…`);
        seed(env, size);
        rows.push(
          ...(await benchServer(
            `PostgreSQL, ${size} products`,
            env,
            size === LARGEST ? `PostgreSQL, ${size} products` : undefined,
          )),
        );
      } finally {
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
        rmSync(dataDir2, { recursive: true, force: true });
      }
    }
  }

  printTable(rows, baseline);
  if (searchRows.length > 0) printSearchTable(searchRows);
  bundleFigures();
  if (PG_URL) await benchFlashSale();
  if (PG_URL) await millionFigures();
  await benchColdFlood();
  await benchInteractions();
}

/** The shopper's initial JavaScript per route (bench/bundle-size.ts; `npm run build` enforces the budget). */
function bundleFigures(): void {
  console.log('\nWeb build, JavaScript loaded up front:');
  try {
    printBundleReport(measureBundles(), { initialOnly: true });
  } catch (error) {
    if (!(error instanceof BundleSizeError)) throw error;
    console.log(`  not measured: ${error.message}`);
  }
}

/**
 * The million-product table (bench/million.ts) when its database exists: generating it takes about half an hour
 * (README, Benchmarks), so the run measures an existing one rather than making it.
 */
async function millionFigures(): Promise<void> {
  const url = process.env.MILLION_DB_URL ?? 'postgres://postgres@127.0.0.1:5432/emporium_scale_1m';
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.query('select 1 from products limit 1');
  } catch {
    console.log(
      `
A million products: not measured, no catalog at ${url} (make it with DATABASE_URL=<that url> npm run seed -- --products 1000000 --reviews --orders 300000).`,
    );
    return;
  } finally {
    await probe.end().catch(() => undefined);
  }
  await benchMillion();
}

await main();
