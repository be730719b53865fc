/**
 * `npx tsx bench/flash-sale.ts` (also part of `npm run bench`): a flash sale on PostgreSQL (issue 29). Shoppers
 * (FLASH_SHOPPERS, default 50) all buy the same product at once, each looping cart add → order create → sandbox Pay →
 * capture, against one instance and against three instances behind nginx sharing PostgreSQL and Redis (the README's
 * scaling recipe). For each setup it prints:
 * - the sale alone: paid checkouts per second, p50/p99 of a whole checkout (four requests) in ms, refusals by status;
 * - the listing alone (autocannon, FLASH_LISTING_CONNECTIONS, default 10, on listing pages that show the sale's
 *   product and on its details), then the listing and the sale at once: req/s and p99 of each;
 * - the invariants: no 5xx, paid orders = units taken from stock, and the stock the cached details answer shows
 *   right after the sale = the database's.
 * Figures only: nothing passes or fails on time. The shoppers run in a process of their own (`--shoppers`), so that
 * the load generator's event loop does not stretch their latency.
 *
 * Options (environment): BENCH_SECONDS (default 10) per measurement, BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), FLASH_INSTANCES (default `1,3`), FLASH_PRODUCTS (default 1000)
 * catalog size, SERVER_ENTRY (default apps/server/dist/main.js: another build to compare). Needs `npm run build`,
 * and redis-server and nginx on the PATH for three instances.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newShopper, runCheckouts, type CheckoutFigures, type Shopper } from './checkout.ts';
import {
  cpuTimeUs,
  load,
  postgresCpuUs,
  startNginx,
  startProcess,
  stop,
  throwawayPgDatabase,
  waitFor,
  type Figures,
  type ThrowawayDatabase,
} from './lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SHOPPERS = Number(process.env.FLASH_SHOPPERS ?? 50);
const LISTING_CONNECTIONS = Number(process.env.FLASH_LISTING_CONNECTIONS ?? 10);
const PRODUCTS = Number(process.env.FLASH_PRODUCTS ?? 1000);
const INSTANCES = (process.env.FLASH_INSTANCES ?? '1,3').split(',').filter(Boolean).map(Number);
const SERVER_ENTRY = resolve(root, process.env.SERVER_ENTRY ?? 'apps/server/dist/main.js');
/** Units of the sale's product: more than any run sells, so that every checkout can succeed. */
const SALE_STOCK = 1_000_000;
const FIRST_PORT = 3931;
const LB_PORT = 3939;
const REDIS_PORT = 6393;

export interface FlashSaleRow {
  setup: string;
  sale: CheckoutFigures;
  /** CPU time per paid checkout of the sale alone, in µs: the shop's instances (and nginx), and PostgreSQL. */
  serverCpuUs?: number;
  postgresCpuUs?: number;
  listingQuiet: Figures;
  listingDuring: Figures;
  saleDuring: CheckoutFigures;
  paidOrders: number;
  unitsTaken: number;
  shownStock: number;
  databaseStock: number;
}

/** The server's environment for one instance of the sale. */
function instanceEnv(port: number, db: ThrowawayDatabase, dataDir: string, publicUrl: string) {
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    AUTH_RATE_LIMIT_MAX: '100000',
    CATALOG_COLD_PER_MINUTE: '0',
  };
}

/** Starts `instances` servers (behind nginx and sharing a Redis when more than one); resolves to the shop's URL. */
async function startShop(instances: number, db: ThrowawayDatabase, dirs: string[]) {
  const ports = Array.from({ length: instances }, (_, i) => FIRST_PORT + i);
  const base = instances === 1 ? `http://127.0.0.1:${ports[0]}` : `http://127.0.0.1:${LB_PORT}`;
  const redis: ChildProcess | undefined =
    instances > 1
      ? spawn('redis-server', ['--port', String(REDIS_PORT), '--save', '', '--appendonly', 'no'], {
          stdio: 'ignore',
        })
      : undefined;
  const servers = ports.map((port, i) =>
    startProcess(process.execPath, [SERVER_ENTRY], {
      ...instanceEnv(port, db, dirs[i]!, base),
      ...(redis ? { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, TRUST_PROXY: '127.0.0.1' } : {}),
    }),
  );
  const nginx = instances > 1 ? startNginx(ports, LB_PORT) : undefined;
  await Promise.all(ports.map((p) => waitFor(`http://127.0.0.1:${p}/api/health`, 180_000)));
  await waitFor(`${base}/api/health`);
  return {
    base,
    pids: [...servers.map((s) => s.pid), nginx?.pid].filter((pid): pid is number => pid !== undefined),
    stop: async () => {
      await nginx?.stop();
      await Promise.all(servers.map(stop));
      redis?.kill('SIGKILL');
    },
  };
}

/** Runs the shoppers in a child process (`--shoppers`) and resolves to their figures. */
function saleInChild(base: string, shoppersFile: string, productId: string): Promise<CheckoutFigures> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--shoppers', base, shoppersFile, productId],
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_SECONDS: String(SECONDS) } },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolvePromise(JSON.parse(out) as CheckoutFigures);
      else reject(new Error(`the shoppers' process exited with ${code}`));
    });
  });
}

/** One setup (1 or 3 instances) on a fresh database: the sale alone, the listing alone, both at once. */
async function flashSale(instances: number): Promise<FlashSaleRow> {
  const setup = instances === 1 ? 'one instance' : `${instances} instances behind nginx, Redis`;
  const db = await throwawayPgDatabase(PG_URL, `emporium_flash_${instances}_${process.pid}`);
  const dirs = Array.from({ length: instances }, () => mkdtempSync(join(tmpdir(), 'emporium-flash-')));
  const shoppersFile = join(dirs[0]!, 'shoppers.json');
  try {
    console.log(`\nflash sale, ${setup}: seeding ${PRODUCTS} products…`);
    // The seed of the build under test (SERVER_ENTRY's dist/cli/seed.js), so that a baseline build gets its own schema.
    execFileSync(
      process.execPath,
      [join(dirname(SERVER_ENTRY), 'cli/seed.js'), '--products', String(PRODUCTS)],
      {
        cwd: dirname(SERVER_ENTRY),
        env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: dirs[0], LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    // The sale's product is the first of the default listing (in stock, cheapest): the page everyone opens.
    const [sale] = await db.query(
      `select id from products where total_stock > 0
       order by case when sale_price_cents > 0 then sale_price_cents else price_cents end, id limit 1`,
    );
    const productId = sale!.id as string;
    await db.query('update product_variants set stock = $1 where product_id = $2', [SALE_STOCK, productId]);
    const stockOf = async () =>
      Number((await db.query('select total_stock from products where id = $1', [productId]))[0]!.total_stock);
    const stockBefore = await stockOf();

    const shop = await startShop(instances, db, dirs);
    try {
      const { base } = shop;
      const shoppers: Shopper[] = [];
      // Two at a time: password hashing has a bounded queue (503 past it), and sign-ups are not what is measured.
      for (let i = 0; i < SHOPPERS; i += 2) {
        const batch = Array.from({ length: Math.min(2, SHOPPERS - i) }, (_, j) => newShopper(base, i + j));
        shoppers.push(...(await Promise.all(batch)));
      }
      writeFileSync(shoppersFile, JSON.stringify(shoppers));
      const p = `${base}/api/shop/products/get`;
      const listing = [
        `${p}?sortBy=price-asc&page=1&limit=24`,
        `${p}?sortBy=price-asc`,
        `${p}/${productId}`,
        `${p}?category=Men,Women&sortBy=price-desc&page=1&limit=24`,
      ];
      await load('listing warm-up', listing, 2, LISTING_CONNECTIONS);
      const listingQuiet = await load('listing alone', listing, SECONDS, LISTING_CONNECTIONS);
      const cpu = () => ({
        server: shop.pids.reduce((sum, pid) => sum + (cpuTimeUs(pid) ?? 0), 0),
        postgres: postgresCpuUs() ?? 0,
      });
      const cpuBefore = cpu();
      const saleFigures = await saleInChild(base, shoppersFile, productId);
      const cpuAfter = cpu();
      const [saleDuring, listingDuring] = await Promise.all([
        saleInChild(base, shoppersFile, productId),
        load('listing during the sale', listing, SECONDS, LISTING_CONNECTIONS),
      ]);
      const details = (await (await fetch(`${p}/${productId}`)).json()) as { data: { totalStock: number } };
      const databaseStock = await stockOf();
      const [paid] = await db.query(
        `select count(distinct o.id)::int as orders, coalesce(sum(i.quantity), 0)::int as units
         from orders o join order_items i on i.order_id = o.id
         where i.product_id = $1 and o.payment_status = 'completed'`,
        [productId],
      );
      return {
        setup,
        sale: saleFigures,
        ...(saleFigures.completed > 0
          ? {
              serverCpuUs: (cpuAfter.server - cpuBefore.server) / saleFigures.completed,
              postgresCpuUs: (cpuAfter.postgres - cpuBefore.postgres) / saleFigures.completed,
            }
          : {}),
        listingQuiet,
        listingDuring,
        saleDuring,
        paidOrders: Number(paid!.orders),
        unitsTaken: stockBefore - databaseStock,
        shownStock: details.data.totalStock,
        databaseStock,
      };
    } finally {
      await shop.stop();
    }
  } finally {
    await db.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

const fails = (f: CheckoutFigures) =>
  Object.entries(f.failures)
    .map(([status, n]) => `${n} × ${status === '0' ? 'network' : status}`)
    .join(', ') || 'none';

/** Prints the flash-sale table of `rows`. */
export function printFlashSaleTable(rows: FlashSaleRow[]): void {
  const us = (n?: number) => (n === undefined ? '–' : n.toFixed(0));
  console.log(
    `\n| flash sale, PostgreSQL, ${SHOPPERS} shoppers on one product | paid checkouts/s | checkout p50 ms | checkout p99 ms | refused | shop CPU µs/checkout | PostgreSQL CPU µs/checkout |`,
  );
  console.log('|---|---:|---:|---:|---|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.setup}: sale alone | ${r.sale.perSecond.toFixed(1)} | ${r.sale.p50} | ${r.sale.p99} | ${fails(r.sale)} | ${us(r.serverCpuUs)} | ${us(r.postgresCpuUs)} |`,
    );
    console.log(
      `| ${r.setup}: sale with the listing | ${r.saleDuring.perSecond.toFixed(1)} | ${r.saleDuring.p50} | ${r.saleDuring.p99} | ${fails(r.saleDuring)} | | |`,
    );
  }
  console.log(
    `\n| listing (${LISTING_CONNECTIONS} connections) | alone req/s | alone p99 ms | during the sale req/s | during p99 ms | kept |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const kept = ((100 * r.listingDuring.reqPerSec) / r.listingQuiet.reqPerSec).toFixed(0);
    console.log(
      `| ${r.setup} | ${r.listingQuiet.reqPerSec.toFixed(0)} | ${r.listingQuiet.p99} | ${r.listingDuring.reqPerSec.toFixed(0)} | ${r.listingDuring.p99} | ${kept} % |`,
    );
  }
  console.log(
    '\n| invariants | paid orders | units taken | 5xx | stock shown after the sale / in the database |',
  );
  console.log('|---|---:|---:|---:|---|');
  for (const r of rows) {
    const fiveXx = [r.sale, r.saleDuring]
      .flatMap((f) => Object.entries(f.failures))
      .filter(([status]) => Number(status) >= 500)
      .reduce((n, [, count]) => n + count, 0);
    console.log(
      `| ${r.setup} | ${r.paidOrders} | ${r.unitsTaken} | ${fiveXx} | ${r.shownStock} / ${r.databaseStock} |`,
    );
  }
}

/** Runs the flash sale on each FLASH_INSTANCES setup and prints the table. */
export async function benchFlashSale(): Promise<void> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`Build first: npm run build (${SERVER_ENTRY} is missing)`);
  const rows: FlashSaleRow[] = [];
  for (const instances of INSTANCES) rows.push(await flashSale(instances));
  printFlashSaleTable(rows);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--shoppers') {
    const [base, file, productId] = process.argv.slice(3) as [string, string, string];
    const shoppers = JSON.parse(readFileSync(file, 'utf8')) as Shopper[];
    process.stdout.write(JSON.stringify(await runCheckouts(base, shoppers, [productId], SECONDS)));
  } else {
    await benchFlashSale();
  }
}
