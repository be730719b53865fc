/**
 * Issue 29: latency of every read a shop and its admin make, on a catalog of a million products on PostgreSQL.
 * Starts the built server (apps/server/dist) on MILLION_DB_URL twice: cold (CATALOG_CACHE_TTL_SECONDS=0, so every
 * catalog answer is computed; the listing's counts are still reused for up to 10 s, docs/decisions/005, which the
 * "first" column shows) and warm (the catalog cache on, each address asked once before timing). Requests are
 * sequential (one client), so each figure is one request's latency, measured from the client, body included. Prints
 * p50 and p95 in ms for each request group, and the slowest first request of the group in the cold run. Figures
 * only: nothing passes or fails on time.
 *
 * The database: `npm run seed -- --products 1000000 --reviews --orders 300000` with DATABASE_URL set (README,
 * Benchmarks). Environment: MILLION_DB_URL (default postgres://postgres@127.0.0.1:5432/emporium_scale_1m),
 * MILLION_ROUNDS (default 10: each address of a group is asked this many times), MILLION_GROUPS (a comma-separated
 * list of parts of group names to run, default all), MILLION_MODES (default `cold,warm`), MILLION_PORT (default
 * 3929), MILLION_SERVER (the built server's main.js; default this tree's apps/server/dist/main.js). Needs the server
 * build (`npm run build`).
 */
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ADMIN_PRODUCT_SORTS } from '@emporium/contract';
import { startProcess, stop, waitFor } from './lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
/** The server to measure: this tree's build, or MILLION_SERVER (another build's dist/main.js, e.g. before a change). */
const serverEntry = process.env.MILLION_SERVER ?? join(here, '..', 'apps/server/dist/main.js');

const ADMIN = { email: 'million-bench-admin@example.test', password: 'million bench admin passphrase 29' };

export interface MillionRow {
  group: string;
  /** Requests timed per mode. */
  samples: number;
  cold?: { first: number; p50: number; p95: number };
  warm?: { p50: number; p95: number };
}

interface Group {
  name: string;
  /** Addresses (path and query) asked in turn; `admin` ones carry the admin's bearer token. */
  paths: string[];
  admin?: boolean;
}

/** The p-th percentile (nearest rank) of `values`, in ms with one decimal. */
function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const v = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  return Math.round(v * 10) / 10;
}

/** The request groups, with product ids, order numbers and shoppers read from the database (a fixed sample). */
async function groups(dbUrl: string): Promise<Group[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const ids = (
      await client.query<{ id: string }>(
        // A spread of products (every 50,000th by id), not the first page's, so that their rows are not all cached.
        `select id from (select id, row_number() over (order by id) as n from products) p where n % 50000 = 1 limit 20`,
      )
    ).rows.map((r) => r.id);
    const sample = (
      await client.query<{ number: string; email: string; user_name: string }>(
        `select o.number::text, u.email, u.user_name from orders o join users u on u.id = o.user_id
         where o.number % 20011 = 7 order by o.number limit 10`,
      )
    ).rows;
    const pairs = (
      await client.query<{ category: string; brand: string }>(
        `select category, brand from (values ('Men', 'Nike'), ('Women', 'Zara'), ('Electronics', 'Apple'),
           ('Electronics', 'Samsung'), ('Shoes', 'Adidas'), ('Home & Kitchen', 'LG'), ('Beauty & Health', 'Dove'),
           ('Sports & Outdoors', 'Puma'), ('Kids', 'H&M'), ('Electronics', 'Gucci'), ('Shoes', 'Sony'),
           ('Clothing', 'Apple')) v(category, brand)`,
      )
    ).rows;
    const categories = (
      await client.query<{ category: string }>(`select distinct category from products order by 1`)
    ).rows.map((r) => r.category);
    const brands = (
      await client.query<{ brand: string }>(`select distinct brand from products order by 1`)
    ).rows.map((r) => r.brand);
    const list = '/api/shop/products/get';
    const q = (params: Record<string, string | number>) =>
      `${list}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
    const admin = '/api/admin';
    const first = sample[0]!;
    return [
      { name: 'listing, first page (default sort)', paths: [q({ page: 1, limit: 24 })] },
      { name: 'listing, page 2000 of 24 (default sort)', paths: [q({ page: 2000, limit: 24 })] },
      {
        name: 'listing, deep pages of each sort (page 500-4000)',
        paths: ['price-asc', 'price-desc', 'name-asc', 'name-desc'].flatMap((sortBy) =>
          [500, 4000].map((page) => q({ sortBy, page, limit: 24 })),
        ),
      },
      {
        name: 'listing, each sortBy, page 1',
        paths: ['price-asc', 'price-desc', 'name-asc', 'name-desc'].map((sortBy) =>
          q({ sortBy, page: 1, limit: 24 }),
        ),
      },
      {
        name: `listing, each category (${categories.length})`,
        paths: categories.map((category) => q({ category, page: 1, limit: 24 })),
      },
      {
        name: `listing, each brand (${brands.length})`,
        paths: brands.map((brand) => q({ brand, page: 1, limit: 24 })),
      },
      {
        name: `listing, category+brand pairs (${pairs.length}, some empty)`,
        paths: pairs.map((p) => q({ category: p.category, brand: p.brand, page: 1, limit: 24 })),
      },
      {
        name: 'listing, two categories × three brands, price-desc',
        paths: [
          q({ category: 'Men,Women', brand: 'Nike,Adidas,Zara', sortBy: 'price-desc', page: 1, limit: 24 }),
        ],
      },
      {
        name: 'listing, a category, page 200',
        paths: [
          q({ category: 'Men', page: 200, limit: 24 }),
          q({ brand: 'Nike', sortBy: 'name-asc', page: 200, limit: 24 }),
        ],
      },
      {
        name: 'listing, size / colour facets',
        paths: [
          q({ size: 'm', page: 1, limit: 24 }),
          q({ size: '42', sortBy: 'price-desc', page: 1, limit: 24 }),
          q({ colour: 'black', page: 1, limit: 24 }),
          q({ size: 'm,l', colour: 'navy', page: 1, limit: 24 }),
          q({ category: 'Men', size: 'l', colour: 'black', page: 1, limit: 24 }),
          q({ category: 'Shoes', brand: 'Nike', size: '44', page: 1, limit: 24 }),
        ],
      },
      { name: 'product details (20 products)', paths: ids.map((id) => `${list}/${id}`) },
      { name: 'search, a word (jacket)', paths: ['/api/shop/search/jacket?page=1&limit=24'] },
      {
        name: 'search, a typo (jakcet, headphnes)',
        paths: ['/api/shop/search/jakcet?page=1&limit=24', '/api/shop/search/headphnes?page=1&limit=24'],
      },
      { name: 'search, no match (zzqxjv)', paths: ['/api/shop/search/zzqxjv?page=1&limit=24'] },
      {
        name: 'admin products, first page (newest)',
        admin: true,
        paths: [`${admin}/products/get?page=1&limit=24`],
      },
      {
        name: 'admin products, each sort, page 1',
        admin: true,
        // The default (newest first) is the first page's group.
        paths: ADMIN_PRODUCT_SORTS.filter((sortBy) => sortBy !== 'newest-desc').map(
          (sortBy) => `${admin}/products/get?sortBy=${sortBy}&page=1&limit=24`,
        ),
      },
      {
        name: 'admin products, page 2000 (newest, title-asc)',
        admin: true,
        paths: [
          `${admin}/products/get?page=2000&limit=24`,
          `${admin}/products/get?sortBy=title-asc&page=2000&limit=24`,
        ],
      },
      {
        name: 'admin products, search (word, brand, SKU-less miss)',
        admin: true,
        paths: ['jacket', 'nike air', 'zzqxjv'].map(
          (s) => `${admin}/products/get?search=${encodeURIComponent(s)}&page=1&limit=24`,
        ),
      },
      {
        name: 'admin products, search in each sort (nike air, jacket)',
        admin: true,
        paths: ADMIN_PRODUCT_SORTS.filter((sortBy) => sortBy !== 'newest-desc').flatMap((sortBy) =>
          ['nike air', 'jacket'].map(
            (s) => `${admin}/products/get?search=${encodeURIComponent(s)}&sortBy=${sortBy}&page=1&limit=24`,
          ),
        ),
      },
      {
        name: 'admin products, category + stock filter',
        admin: true,
        paths: [
          `${admin}/products/get?category=Men&stock=low&page=1&limit=24`,
          `${admin}/products/get?stock=out&page=1&limit=24`,
        ],
      },
      { name: 'admin orders, first page', admin: true, paths: [`${admin}/orders/get?page=1&limit=24`] },
      { name: 'admin orders, page 500', admin: true, paths: [`${admin}/orders/get?page=500&limit=24`] },
      {
        name: 'admin orders, search by number',
        admin: true,
        paths: sample.map(
          (o) => `${admin}/orders/get?search=${encodeURIComponent(`#${o.number}`)}&page=1&limit=24`,
        ),
      },
      {
        name: 'admin orders, search by e-mail',
        admin: true,
        paths: sample.map((o) => `${admin}/orders/get?search=${encodeURIComponent(o.email)}&page=1&limit=24`),
      },
      {
        name: 'admin orders, search by name',
        admin: true,
        paths: [`${admin}/orders/get?search=${encodeURIComponent(first.user_name)}&page=1&limit=24`],
      },
      {
        name: 'admin orders, status filter',
        admin: true,
        paths: [
          `${admin}/orders/get?status=Processing&page=1&limit=24`,
          `${admin}/orders/get?status=Cancelled&page=1&limit=24`,
        ],
      },
      { name: 'admin dashboard', admin: true, paths: [`${admin}/dashboard`] },
    ];
  } finally {
    await client.end();
  }
}

async function adminToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const body = (await res.json()) as { token?: string; message?: string };
  if (!body.token) throw new Error(`admin login failed: ${res.status} ${body.message ?? ''}`);
  return body.token;
}

/** Times one request (ms), body read; throws on a non-2xx answer. */
async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'br, gzip', ...headers } });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return ms;
}

async function runMode(
  mode: 'cold' | 'warm',
  dbUrl: string,
  port: number,
  rounds: number,
  list: Group[],
  rows: Map<string, MillionRow>,
): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const child = startProcess(process.execPath, [serverEntry], {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATABASE_URL: dbUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    AUTH_RATE_LIMIT_MAX: '100000',
    CATALOG_COLD_PER_MINUTE: '0',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(mode === 'cold' ? { CATALOG_CACHE_TTL_SECONDS: '0' } : {}),
  });
  try {
    await waitFor(`${base}/api/health`, 300_000);
    const auth = { authorization: `Bearer ${await adminToken(base)}` };
    for (const g of list) {
      const headers = g.admin ? auth : {};
      const times: number[] = [];
      const firsts: number[] = [];
      if (mode === 'warm') for (const p of g.paths) await timed(base + p, headers);
      for (let r = 0; r < rounds; r++) {
        for (const p of g.paths) {
          const ms = await timed(base + p, headers);
          times.push(ms);
          if (r === 0) firsts.push(ms);
        }
      }
      const row = rows.get(g.name) ?? { group: g.name, samples: times.length };
      if (mode === 'cold') row.cold = { first: pct(firsts, 100), p50: pct(times, 50), p95: pct(times, 95) };
      else row.warm = { p50: pct(times, 50), p95: pct(times, 95) };
      rows.set(g.name, row);
      console.error(`  ${mode} ${g.name}: p50 ${pct(times, 50)} p95 ${pct(times, 95)} ms`);
    }
  } finally {
    await stop(child);
  }
}

/** Runs every group cold then warm and prints the table (markdown). Returns the rows. */
export async function benchMillion(): Promise<MillionRow[]> {
  if (!existsSync(serverEntry)) throw new Error('Build first: npm run build');
  const dbUrl = process.env.MILLION_DB_URL ?? 'postgres://postgres@127.0.0.1:5432/emporium_scale_1m';
  const rounds = Number(process.env.MILLION_ROUNDS ?? 10);
  const port = Number(process.env.MILLION_PORT ?? 3929);
  const modes = (process.env.MILLION_MODES ?? 'cold,warm').split(',').filter(Boolean) as Array<
    'cold' | 'warm'
  >;
  const only = process.env.MILLION_GROUPS?.split(',').map((s) => s.trim().toLowerCase());
  const all = await groups(dbUrl);
  const list = only ? all.filter((g) => only.some((o) => g.name.toLowerCase().includes(o))) : all;
  const rows = new Map<string, MillionRow>();
  for (const mode of modes) await runMode(mode, dbUrl, port, rounds, list, rows);
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const [{ products, size }] = (
    await client.query<{ products: string; size: string }>(
      `select (select count(*) from products)::text as products, pg_size_pretty(pg_database_size(current_database())) as size`,
    )
  ).rows as [{ products: string; size: string }];
  await client.end();
  console.log(
    `\nPostgreSQL, ${Number(products).toLocaleString('en')} products (database ${size}), ${rounds} rounds`,
  );
  console.log(
    '\n| request | samples | cold first (max) ms | cold p50 ms | cold p95 ms | warm p50 ms | warm p95 ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows.values()) {
    const f = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(1));
    console.log(
      `| ${r.group} | ${r.samples} | ${f(r.cold?.first)} | ${f(r.cold?.p50)} | ${f(r.cold?.p95)} | ${f(r.warm?.p50)} | ${f(r.warm?.p95)} |`,
    );
  }
  return [...rows.values()];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchMillion();
}
