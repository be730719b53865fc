/** Shared plumbing for the benchmarks: child servers, readiness, autocannon runs and figures. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export interface Figures {
  label: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  /**
   * CPU time (user + system) the server process spent per answered request during the run, in µs; undefined where
   * /proc is not available. Unlike req/s it does not depend on how much CPU the load generator got; the machine's
   * own noise still moves it (53–89 µs for the same cached answer within one run on a shared 2-core machine).
   */
  cpuUsPerRequest?: number;
  /** The hello-world run this row is compared with (measured just before it); the table's first row otherwise. */
  baseline?: Figures;
}

export function startProcess(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd?: string,
): ChildProcess {
  return spawn(cmd, args, { env: { ...process.env, ...env }, cwd, stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * The built server (apps/server/dist) on the embedded database in `dataDir`, listening on 127.0.0.1:`port`, with the
 * global rate limit lifted (a benchmark is one client); `env` adds or overrides variables (AUTH_RATE_LIMIT_MAX …).
 */
export function startBuiltServer(port: number, dataDir: string, env: NodeJS.ProcessEnv = {}): ChildProcess {
  const entry = new URL('../apps/server/dist/main.js', import.meta.url).pathname;
  return startProcess(process.execPath, [entry], {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'fatal',
    RATE_LIMIT_MAX: '100000000',
    // One client asks for everything: no budget of cold catalog answers (CATALOG_COLD_PER_MINUTE).
    CATALOG_COLD_PER_MINUTE: '0',
    ...env,
  });
}

export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux unless configured otherwise). */
let clockTicks: number | undefined;

/** CPU time (user + system) of process `pid` so far, in µs, from /proc/<pid>/stat; undefined without /proc. */
export function cpuTimeUs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    // Fields 14 and 15 of proc(5) (utime, stime) are the 12th and 13th after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / clockTicks;
  } catch {
    return undefined;
  }
}

/**
 * CPU time (user + system) so far of every PostgreSQL process on this machine (server and backends), in µs; undefined
 * without /proc. A backend that exits between two readings takes its time with it: the shop's pool keeps its
 * connections, so a run's difference is what PostgreSQL spent for it (and for anything else using it meanwhile).
 */
export function postgresCpuUs(): number | undefined {
  try {
    let total = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        total += cpuTimeUs(Number(entry)) ?? 0;
      } catch {
        // the process ended meanwhile
      }
    }
    return total;
  } catch {
    return undefined;
  }
}

/**
 * Runs autocannon over the given URLs (round-robin) and returns req/s and latency percentiles in ms, and with
 * `serverPid` the server's CPU time per request.
 */
export async function load(
  label: string,
  urls: string[],
  seconds: number,
  connections = 50,
  headers: Record<string, string> = {},
  serverPid?: number,
): Promise<Figures> {
  const first = new URL(urls[0]!);
  const cpuBefore = cpuTimeUs(serverPid);
  const result = await autocannon({
    url: first.origin,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'br, gzip', ...headers },
    requests: urls.map((u) => {
      const url = new URL(u);
      return { method: 'GET' as const, path: url.pathname + url.search };
    }),
  });
  const cpuAfter = cpuTimeUs(serverPid);
  if (result.non2xx > 0 || result.errors > 0) {
    console.warn(`  ${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const answered = result.requests.total;
  return {
    label,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && answered > 0
      ? { cpuUsPerRequest: (cpuAfter - cpuBefore) / answered }
      : {}),
  };
}

/**
 * Prints each row with its ratio to its own hello-world run (`Figures.baseline`), else to `baseline`: in req/s, and
 * in server CPU per request (hello-world's µs / the row's µs) where both were measured.
 */
export function printTable(rows: Figures[], baseline: Figures): void {
  console.log(
    '\n| target | req/s | p50 ms | p99 ms | hello-world req/s | ratio to hello-world | server CPU µs/req | CPU ratio |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const hello = r.baseline ?? baseline;
    const ratio = (r.reqPerSec / hello.reqPerSec).toFixed(3);
    const cpu = r.cpuUsPerRequest?.toFixed(1) ?? '–';
    const cpuRatio =
      r.cpuUsPerRequest && hello.cpuUsPerRequest
        ? (hello.cpuUsPerRequest / r.cpuUsPerRequest).toFixed(3)
        : '–';
    console.log(
      `| ${r.label} | ${r.reqPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${hello.reqPerSec.toFixed(0)} | ${ratio} | ${cpu} | ${cpuRatio} |`,
    );
  }
}

/** The p-th percentile (nearest rank) of `values`, rounded to whole ms. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
}

/** A database of its own on a PostgreSQL server, for one benchmark or scenario; `drop` removes it. */
export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** A connection to the server's maintenance database (to refuse or end connections to this one). */
  admin: pg.Client;
  /** Runs one statement on a connection of its own and returns its rows (typed as pg types them). */
  query: (text: string, values?: unknown[]) => Promise<pg.QueryResult['rows']>;
  drop: () => Promise<void>;
}

/** Creates database `name` on the server of `serverUrl` (a connection string to any of its databases). */
export async function throwawayPgDatabase(serverUrl: string, name: string): Promise<ThrowawayDatabase> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const query = async (text: string, values?: unknown[]) => {
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    try {
      return (await c.query(text, values)).rows;
    } finally {
      await c.end();
    }
  };
  return {
    name,
    url: url.toString(),
    admin,
    query,
    drop: async () => {
      await admin.query(`alter database ${name} allow_connections true`).catch(() => undefined);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * nginx in front of the instances on `ports`, listening on 127.0.0.1:`lbPort`, configured by the tested recipe
 * (docs/operations/nginx.conf) with its upstream servers and listen port replaced. Needs `nginx` on the PATH.
 */
export function startNginx(ports: number[], lbPort: number): { pid?: number; stop: () => Promise<void> } {
  const prefix = mkdtempSync(join(tmpdir(), 'emporium-nginx-'));
  mkdirSync(join(prefix, 'logs'));
  const template = readFileSync(new URL('../docs/operations/nginx.conf', import.meta.url), 'utf8');
  const conf = template
    .replace(/^\s*server 127\.0\.0\.1:\d+ .*\n/gm, '')
    .replace(
      /upstream emporium \{\n/,
      (m) => m + ports.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;\n`).join(''),
    )
    .replace(/listen \d+;/, `listen 127.0.0.1:${lbPort};`);
  writeFileSync(join(prefix, 'nginx.conf'), conf);
  const nginx = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    pid: nginx.pid,
    stop: async () => {
      await stop(nginx);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
