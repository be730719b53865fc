/**
 * Bundle budget (issue 13): the JavaScript a shopper downloads to show /auth/login and /shop/home, compressed with
 * brotli as the server sends it, must stay within BUDGET_BYTES per route.
 *
 * `npm run build -w @emporium/web` runs it after `vite build` and fails when a route is over budget; by hand:
 * `npx tsx bench/bundle-size.ts [dir]` (a folder to measure another build of ours, e.g. a copy of apps/web/dist from
 * before a change). `npm run bench` prints the same figures through `measureBundles` and `printBundleReport`.
 * WEB_DIST does not choose the build measured: it is the build the server serves, which may be another client's
 * (README "Using another client"), and `WEB_DIST=… npm start` runs this budget on our own build.
 *
 * It reads apps/web/dist (or `dir`): index.html (the entry script and the chunks it preloads) and the Vite manifest
 * (dist/.vite/manifest.json, `build.manifest`), which gives every chunk's static imports and each lazily loaded
 * screen's chunk. A route's initial JavaScript = the entry chunk + its static imports + the lazy chunk(s) of the
 * route's screens + their static imports. The command prints every chunk's raw / gzip / brotli size and the route
 * totals; it exits with 1 when a total is over budget, a route loads an admin chunk, or the build is missing.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  chunkFiles,
  ROUTE_SCREENS,
  screenFiles,
  type Manifest,
} from '../apps/server/src/modules/web-shell/route-screens.ts';

/** 100 kB (decimal, as Vite and the brief count) of brotli-compressed JavaScript per route. */
export const BUDGET_BYTES = 100_000;

/** The routes measured against the budget. */
const MEASURED = ['/auth/login', '/shop/home'];

/** Their lazily loaded screens (manifest keys), as the server's page announces them. */
const ROUTES = ROUTE_SCREENS.filter(({ route }) => MEASURED.includes(route));

/** Chunks a shopper must never download up front (DESIGN.md §5). */
const ADMIN_SCREENS = /^src\/features\/admin\//;

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface ChunkFigures extends Sizes {
  /** Path relative to dist, e.g. assets/vendor-XXXX.js. */
  file: string;
  /** Per route: 'entry' (loaded by index.html), 'x' (the route's screens need it) or ''. */
  routes: Record<string, '' | 'x' | 'entry'>;
}

export interface RouteFigures extends Sizes {
  route: string;
  chunks: number;
  /** Admin chunks among the route's initial chunks (must be none). */
  adminChunks: string[];
  ok: boolean;
}

export interface BundleReport {
  dist: string;
  budget: number;
  /** Every JavaScript chunk of the build, largest first. */
  chunks: ChunkFigures[];
  routes: RouteFigures[];
  /** Whether every route is within budget and loads no admin chunk. */
  ok: boolean;
}

/** The build could not be measured (missing, or the manifest no longer matches ROUTES). */
export class BundleSizeError extends Error {}

/** apps/web/dist, our web app's build, whatever WEB_DIST says (see the header). */
export function defaultDist(): string {
  return fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
}

function sizeOf(dist: string, file: string): Sizes {
  const data = readFileSync(join(dist, file));
  return {
    raw: data.length,
    // The levels vite-plugin-compression2 uses for the .gz/.br files the server sends.
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }).length,
  };
}

/**
 * Measures the web build in `dist`: every chunk's raw, gzip and brotli size and each route's initial JavaScript
 * against BUDGET_BYTES. Throws BundleSizeError when the build is missing or a route's screen is not in it.
 */
export function measureBundles(dist: string = defaultDist()): BundleReport {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath) || !existsSync(join(dist, 'index.html'))) {
    throw new BundleSizeError(
      `no build in ${dist} (index.html and .vite/manifest.json); run \`npm run build -w @emporium/web\` first`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const html = readFileSync(join(dist, 'index.html'), 'utf8');

  /** chunkFiles / screenFiles, with a stale route list reported as a build that cannot be measured. */
  const resolve = <T>(read: () => T): T => {
    try {
      return read();
    } catch (error) {
      throw new BundleSizeError((error as Error).message);
    }
  };

  // The entry: what index.html loads (its module script and modulepreloads), plus the entry's static imports.
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entryKeys.length === 0) throw new BundleSizeError('the manifest has no entry chunk');
  const entry = resolve(() => chunkFiles(manifest, entryKeys));
  for (const [, src] of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/?([^"]+\.js)"/g)) {
    entry.add(src!);
  }

  const initial = new Map<string, Set<string>>();
  for (const page of ROUTES) {
    initial.set(page.route, new Set([...entry, ...resolve(() => screenFiles(manifest, page))]));
  }

  const routeNames = [...initial.keys()];
  const chunks: ChunkFigures[] = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const file = `assets/${f}`;
      const marks = Object.fromEntries(
        routeNames.map((route) => [
          route,
          initial.get(route)!.has(file) ? (entry.has(file) ? 'entry' : 'x') : '',
        ]),
      ) as ChunkFigures['routes'];
      return { file, ...sizeOf(dist, file), routes: marks };
    })
    .sort((a, b) => b.raw - a.raw);
  const byFile = new Map(chunks.map((c) => [c.file, c]));

  const adminFiles = new Set(
    Object.entries(manifest)
      .filter(([key, chunk]) => chunk.isDynamicEntry && ADMIN_SCREENS.test(key))
      .map(([, chunk]) => chunk.file),
  );

  const routes: RouteFigures[] = [...initial].map(([route, files]) => {
    const total: Sizes = { raw: 0, gzip: 0, brotli: 0 };
    for (const file of files) {
      const s = byFile.get(file) ?? sizeOf(dist, file);
      total.raw += s.raw;
      total.gzip += s.gzip;
      total.brotli += s.brotli;
    }
    const adminChunks = [...files].filter((f) => adminFiles.has(f));
    const ok = total.brotli <= BUDGET_BYTES && adminChunks.length === 0;
    return { route, chunks: files.size, ...total, adminChunks, ok };
  });

  return { dist, budget: BUDGET_BYTES, chunks, routes, ok: routes.every((r) => r.ok) };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

/**
 * Prints `report` as two tables: the chunks (all of them, or with `initialOnly` only those some measured route
 * loads up front) and each route's total against the budget. Returns `report.ok`.
 */
export function printBundleReport(report: BundleReport, { initialOnly = false } = {}): boolean {
  const routeNames = report.routes.map((r) => r.route);
  const shown = initialOnly
    ? report.chunks.filter((c) => routeNames.some((route) => c.routes[route]))
    : report.chunks;

  const header = ['chunk', 'raw', 'gzip', 'brotli', ...routeNames];
  const rows = shown.map((c) => [
    c.file,
    kB(c.raw),
    kB(c.gzip),
    kB(c.brotli),
    ...routeNames.map((route) => c.routes[route] ?? ''),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i > 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  const all = report.chunks.reduce((sum, c) => sum + c.brotli, 0);
  console.log(`\n${report.chunks.length} chunks, ${kB(all)} brotli in all`);

  console.log(`\nInitial JavaScript per route (budget ${kB(report.budget)} brotli):`);
  for (const r of report.routes) {
    console.log(
      `  ${r.route.padEnd(12)} ${String(r.chunks).padStart(2)} chunks  raw ${kB(r.raw)}  gzip ${kB(r.gzip)}` +
        `  brotli ${kB(r.brotli)}  ${r.ok ? 'OK' : 'OVER BUDGET'}` +
        (r.adminChunks.length > 0 ? `  (loads admin chunks: ${r.adminChunks.join(', ')})` : ''),
    );
  }
  return report.ok;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const dir = process.argv[2];
    process.exitCode = printBundleReport(measureBundles(dir ? resolvePath(dir) : undefined)) ? 0 : 1;
  } catch (error) {
    if (!(error instanceof BundleSizeError)) throw error;
    console.error(`bundle-size: ${error.message}`);
    process.exitCode = 1;
  }
}
