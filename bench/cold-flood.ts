/**
 * `npx tsx bench/cold-flood.ts` (also part of `npm run bench`): the listing's warm throughput quiet, then while one
 * client sends what issue 24 found cheap to send and costly to answer, at the normal rate limit (RATE_LIMIT_MAX,
 * 600 a minute, so 10 a second): unpaged listings (the whole catalog, up to 1,000 products), each with a filter and
 * sort combination not asked before so that none is cached, and payment-return calls with junk tokens. Prints both
 * figures, the drop in percent (goal: under 10 %), and the flood's own answers and latency. Figures only: nothing
 * passes or fails on time.
 *
 * Options (environment): BENCH_SECONDS (default 10) per measurement, FLOOD_PRODUCTS (default 1000) catalog size,
 * FLOOD_PER_SECOND (default 10) the flooding client's rate, FLOOD_ENCODING (default `br, gzip`, as a browser) the
 * Accept-Encoding it sends, CATALOG_COLD_PER_MINUTE (default 60, the server's default) the server's budget of cold
 * answers per client (0: none, to see what the flood costs without it). Needs the server build (`npm run build`).
 */
import { execFileSync, spawn } from 'node:child_process';
import { Agent, get } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRANDS, CATEGORIES, SORT_IDS } from '@emporium/contract';
import { load, percentile, startBuiltServer, stop, waitFor } from './lib.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PRODUCTS = Number(process.env.FLOOD_PRODUCTS ?? 1000);
const PER_SECOND = Number(process.env.FLOOD_PER_SECOND ?? 10);
const ENCODING = process.env.FLOOD_ENCODING ?? 'br, gzip';
const COLD_PER_MINUTE = process.env.CATALOG_COLD_PER_MINUTE ?? '60';
const PORT = 3907;
const base = `http://127.0.0.1:${PORT}`;

/** The listing pages a shopper reads (24 a page), as in bench/run.ts. */
const warmUrls = [
  `${base}/api/shop/products/get?sortBy=price-asc&page=1&limit=24`,
  `${base}/api/shop/products/get?category=Men,Women&sortBy=price-desc&page=1&limit=24`,
  `${base}/api/shop/products/get?brand=Nike&sortBy=name-asc&page=3&limit=24`,
  `${base}/api/shop/products/get?category=Electronics&brand=Apple,Samsung,Sony&sortBy=price-asc&page=2&limit=24`,
];

/**
 * The n-th flood request: mostly unpaged listings that cannot be cached answers yet (every category but one, every
 * brand but one or two, a sort; a new combination each time), every fifth a payment return with a junk token.
 */
function floodUrl(n: number): string {
  if (n % 5 === 4) return `${base}/api/shop/order/payment-return?token=JUNK-${n}&PayerID=X`;
  const categories = CATEGORIES.filter((_, i) => i !== n % CATEGORIES.length);
  const brands = BRANDS.filter(
    (_, i) => i !== n % BRANDS.length && i !== Math.floor(n / BRANDS.length) % BRANDS.length,
  );
  const sortBy = SORT_IDS[n % SORT_IDS.length]!;
  const query = new URLSearchParams({ category: categories.join(','), brand: brands.join(','), sortBy });
  return `${base}/api/shop/products/get?${query}`;
}

/**
 * Sends PER_SECOND requests a second for `seconds`, reading each answer's bytes as they come (no decoding), and
 * returns each answer's status and latency (ms). Run in a process of its own (`--flood`), so that it takes nothing
 * from the load generator's event loop.
 */
async function flood(seconds: number): Promise<{ statuses: Record<number, number>; latencies: number[] }> {
  const statuses: Record<number, number> = {};
  const latencies: number[] = [];
  const pending: Array<Promise<void>> = [];
  const agent = new Agent({ keepAlive: true });
  const until = Date.now() + seconds * 1000;
  for (let n = 0; Date.now() < until; n++) {
    const started = performance.now();
    pending.push(
      new Promise<void>((resolve) => {
        const req = get(floodUrl(n), { agent, headers: { 'accept-encoding': ENCODING } }, (res) => {
          res.resume();
          res.on('end', () => {
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            latencies.push(performance.now() - started);
            resolve();
          });
        });
        req.on('error', () => {
          statuses[0] = (statuses[0] ?? 0) + 1;
          resolve();
        });
      }),
    );
    await new Promise((r) => setTimeout(r, 1000 / PER_SECOND));
  }
  await Promise.all(pending);
  agent.destroy();
  return { statuses, latencies };
}

/**
 * Starts the flood in a child process and resolves once it floods (after its own start-up, which would otherwise
 * cost the measured run a second of CPU); `done` resolves with its figures once it has run for `seconds`.
 */
async function floodInChild(
  seconds: number,
): Promise<{ done: Promise<{ statuses: Record<number, number>; latencies: number[] }> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--flood', String(seconds)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const READY = 'flooding\n';
  let out = '';
  let flooding: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (flooding = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk;
    if (out.startsWith(READY)) flooding();
  });
  const done = new Promise<{ statuses: Record<number, number>; latencies: number[] }>((resolve, reject) =>
    child.on('exit', (code) => {
      flooding();
      if (code === 0) resolve(JSON.parse(out.slice(READY.length)));
      else reject(new Error(`flood exited ${code}`));
    }),
  );
  await started;
  return { done };
}

/** Runs the quiet and the flooded measurement on a server with PRODUCTS products; prints the figures. */
export async function benchColdFlood(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'emporium-flood-'));
  try {
    execFileSync('npm', ['run', 'seed', '--silent', '--', '--products', String(PRODUCTS)], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // The shop's defaults for catalog answers (the warm load only reads cached pages).
    const child = startBuiltServer(PORT, dataDir, { CATALOG_COLD_PER_MINUTE: COLD_PER_MINUTE });
    try {
      await waitFor(`${base}/api/health`);
      await load('warm-up', warmUrls, 2);
      const quiet = await load('listing warm, quiet', warmUrls, SECONDS, 50, {}, child.pid);
      // The flood starts first and outlasts the measurement by a second at each end.
      const flooding = await floodInChild(SECONDS + 2);
      await new Promise((r) => setTimeout(r, 1000));
      const during = await load('listing warm, during the flood', warmUrls, SECONDS, 50, {}, child.pid);
      const { statuses, latencies } = await flooding.done;
      const drop = ((quiet.reqPerSec - during.reqPerSec) / quiet.reqPerSec) * 100;
      console.log(
        `\nCold flood (${PRODUCTS} products; one client at ${PER_SECOND}/s: unpaged listings never asked before, ` +
          'junk payment returns)',
      );
      console.log('| listing | req/s | p50 ms | p99 ms | server CPU µs/req |');
      console.log('|---|---:|---:|---:|---:|');
      for (const r of [quiet, during]) {
        console.log(
          `| ${r.label} | ${r.reqPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.cpuUsPerRequest?.toFixed(1) ?? '–'} |`,
        );
      }
      console.log(`Throughput during the flood: ${drop.toFixed(1)} % lower than quiet (goal: under 10 %).`);
      const answered = Object.entries(statuses)
        .map(([status, n]) => `${n} × ${status === '0' ? 'error' : status}`)
        .join(', ');
      console.log(
        `Flood answers: ${answered}; latency p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms.`,
      );
    } finally {
      await stop(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--flood') {
  process.stdout.write('flooding\n');
  process.stdout.write(JSON.stringify(await flood(Number(process.argv[3]))));
} else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!existsSync(join(root, 'apps/server/dist/main.js'))) {
    console.error('Build first: npm run build');
    process.exit(1);
  }
  await benchColdFlood();
}
