/**
 * Login flood (issue "Hardening"): catalog and image latency with and without 32 parallel logins for unknown
 * e-mails, against the built server on the embedded database, twice: with the default per-IP auth limit (one client
 * flooding) and with it lifted (what a distributed flood looks like to one instance), where what protects the shop
 * is the password-hashing queue (argon2 on half the cores, 503 beyond 8 waiting, refused before any other work).
 * The flood runs in its own process (so it does not share a thread with the probes); the server holds its 429s and
 * 503s for REFUSAL_DELAY_MS (default 1 s, lib/refusal-hold.ts). Prints p50/p99 of each and the ratio flood/quiet;
 * the goal is under 2x. Never pass/fail.
 *
 *   npm run build && npx tsx bench/login-flood.ts      (BENCH_SECONDS, default 10)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { load, startBuiltServer, stop, waitFor, type Figures } from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 3300;
const base = `http://127.0.0.1:${PORT}`;

/** The flood itself, run in a child process (`--flood <seconds>`) so it does not share a thread with the probes. */
function floodHere(seconds: number) {
  return autocannon({
    url: base,
    connections: 32,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ email: `nobody-${Math.random()}@example.test`, password: 'not a password' }),
        }),
      },
    ],
  });
}

/** Runs the flood in a child process for `seconds` and returns its request count and status codes. */
function flood(seconds: number): Promise<{ total: number; codes: Record<string, { count: number }> }> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--flood', String(seconds)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`flood exited with ${code}`)),
    );
  });
}

async function run(label: string, authLimit: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'emporium-flood-'));
  const server = startBuiltServer(PORT, dataDir, { AUTH_RATE_LIMIT_MAX: authLimit });
  try {
    await waitFor(`${base}/api/health`);
    const listing = `${base}/api/shop/products/get?sortBy=price-asc&page=1&limit=24`;
    const product = ((await (await fetch(listing)).json()) as { data: Array<{ image: string }> }).data[0]!;
    const image = product.image.replace(/-\d+\.webp$/, '-400.webp');
    await load('warm-up', [listing, image], 2);

    const rows: Array<[string, Figures, Figures]> = [];
    for (const [target, url] of [
      ['catalog listing', listing],
      ['product image', image],
    ] as const) {
      const quiet = await load(`${target}, quiet`, [url], SECONDS, 10);
      const [loud, floodResult] = await Promise.all([
        load(`${target}, flood`, [url], SECONDS, 10),
        flood(SECONDS),
      ]);
      console.log(
        `  ${label}, flood during ${target}: ${floodResult.total} logins, answers ${Object.entries(
          floodResult.codes,
        )
          .map(([code, s]) => `${code}×${s.count}`)
          .join(', ')}`,
      );
      rows.push([target, quiet, loud]);
    }
    console.log(`\n${label}`);
    console.log('| target | quiet p50 ms | quiet p99 ms | flood p50 ms | flood p99 ms | p99 flood/quiet |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [target, quiet, loud] of rows) {
      const ratio = (loud.p99 / Math.max(1, quiet.p99)).toFixed(2);
      console.log(`| ${target} | ${quiet.p50} | ${quiet.p99} | ${loud.p50} | ${loud.p99} | ${ratio} |`);
    }
    console.log('');
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--flood') {
  const result = await floodHere(Number(process.argv[3]));
  process.stdout.write(JSON.stringify({ total: result.requests.total, codes: result.statusCodeStats ?? {} }));
} else {
  await run('one client, default per-IP auth limit (100 per 15 minutes)', '100');
  await run('auth limit lifted (a distributed flood)', '100000000');
}
