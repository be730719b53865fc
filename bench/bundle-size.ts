/**
 * Bundle budget (issues 13 and 46): the JavaScript a shopper's browser downloads on a cold load of each page, as
 * Lighthouse counts it ("JavaScript transferred": each script's brotli body as the server sends it plus the response
 * headers that come with it), must stay within BUDGET_BYTES. Measured for every page of ROUTE_SCREENS (the sign-in
 * pages and every shop page: home, listing, product page, search, checkout, account, payment return and success).
 * The cart panel's code downloads when it first opens (PANELS): what opening it adds to each shop page must stay
 * within PANEL_BUDGET_BYTES.
 *
 * `npm run build -w @emporium/web` runs it after `vite build` and fails when a page is over budget; by hand:
 * `npx tsx bench/bundle-size.ts [dir]` (a folder to measure another build of ours, e.g. a copy of apps/web/dist from
 * before a change). `npm run bench` prints the same figures through `measureBundles` and `printBundleReport`.
 * WEB_DIST does not choose the build measured: it is the build the server serves, which may be another client's
 * (README "Using another client"), and `WEB_DIST=… npm start` runs this budget on our own build.
 *
 * It reads apps/web/dist (or `dir`): index.html (the entry script and the chunks it preloads) and the Vite manifest
 * (dist/.vite/manifest.json, `build.manifest`), which gives every chunk's static imports and each lazily loaded
 * screen's chunk. A page's JavaScript = the entry chunk + its static imports + the lazy chunk(s) of the page's screens
 * + their static imports (the first-load journey checks that a page downloads nothing else). The command prints every
 * chunk's raw / gzip / brotli size and each page's total; it exits with 1 when a total or a panel is over its budget,
 * a page loads an admin chunk, or the build is missing. bench/lighthouse.ts measures the same pages in Chromium.
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

/** 100 kB (decimal, as Vite and Lighthouse count) of JavaScript transferred per page, headers included. */
export const BUDGET_BYTES = 100_000;

/**
 * The response headers that come with each script, over HTTP/1.1 as Lighthouse counts them: the short security set
 * the server sends with built assets (apps/server/src/lib/security-headers.ts), caching, validators, type, length and
 * encoding; 628 to 635 bytes measured on /assets/*.js. Every chunk costs this much besides its body, which is why
 * small modules do not get chunks of their own (apps/web/vite.config.ts, src/main.tsx).
 */
export const RESPONSE_HEADER_BYTES = 640;

/**
 * What opening a panel may add to a page, transferred: the cart panel is a modal side sheet (Radix Dialog, its focus
 * trap and scroll lock) with the cart's lines and shipping note, about 21 kB today; this ceiling keeps it from
 * growing back (it was 64 kB with the contract's schemas and the checkout's pricing chunks, issue 46).
 */
export const PANEL_BUDGET_BYTES = 30_000;

/** Popups whose code downloads when first opened on every shop page (manifest keys). */
const PANELS: ReadonlyArray<{ name: string; screens: readonly string[] }> = [
  { name: 'cart panel', screens: ['src/features/purchase/cart-panel.tsx'] },
];

/** Chunks a shopper must never download up front (DESIGN.md §5): the admin-* features and the admin pages. */
const ADMIN_SCREENS = /^src\/(?:features\/admin-[^/]+\/|app\/screens\/admin-pages\.tsx$)/;

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface ChunkFigures extends Sizes {
  /** Path relative to dist, e.g. assets/vendor-XXXX.js. */
  file: string;
  /** Whether index.html loads it (the entry and its static imports). */
  entry: boolean;
  /** How many measured pages load it up front. */
  pages: number;
}

/** One page's JavaScript; `transferred` (bytes) is what the budget applies to. */
export interface LoadFigures extends Sizes {
  chunks: number;
  /** Brotli bodies plus RESPONSE_HEADER_BYTES per chunk. */
  transferred: number;
}

export interface RouteFigures extends LoadFigures {
  route: string;
  /** What opening each of PANELS adds to the page (shop pages only), by panel name. */
  panels: Record<string, LoadFigures>;
  /** Admin chunks among the page's chunks, panels included (must be none). */
  adminChunks: string[];
  ok: boolean;
}

export interface BundleReport {
  dist: string;
  budget: number;
  /** Every JavaScript chunk of the build, largest first. */
  chunks: ChunkFigures[];
  routes: RouteFigures[];
  /** Whether every page (and panel) is within budget and loads no admin chunk. */
  ok: boolean;
}

/** The build could not be measured (missing, or the manifest no longer matches ROUTE_SCREENS or PANELS). */
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
 * Measures the web build in `dist`: every chunk's raw, gzip and brotli size and each page's JavaScript (and each
 * shop page's with its panels opened) against BUDGET_BYTES. Throws BundleSizeError when the build is missing or a
 * page's screen or a panel is not in it.
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

  const panelFiles = PANELS.map((panel) => ({
    name: panel.name,
    files: resolve(() => screenFiles(manifest, { route: panel.name, pattern: /$^/, screens: panel.screens })),
  }));
  const pages = ROUTE_SCREENS.map((page) => ({
    route: page.route,
    files: new Set([...entry, ...resolve(() => screenFiles(manifest, page))]),
    shop: page.route.startsWith('/shop/'),
  }));

  const chunks: ChunkFigures[] = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const file = `assets/${f}`;
      const loadedBy = pages.filter((page) => page.files.has(file)).length;
      return { file, ...sizeOf(dist, file), entry: entry.has(file), pages: loadedBy };
    })
    .sort((a, b) => b.raw - a.raw);
  const byFile = new Map(chunks.map((c) => [c.file, c]));

  const adminFiles = new Set(
    Object.entries(manifest)
      .filter(([key, chunk]) => chunk.isDynamicEntry && ADMIN_SCREENS.test(key))
      .map(([, chunk]) => chunk.file),
  );

  const load = (files: Set<string>): LoadFigures => {
    const total: LoadFigures = { raw: 0, gzip: 0, brotli: 0, chunks: files.size, transferred: 0 };
    for (const file of files) {
      const s = byFile.get(file) ?? sizeOf(dist, file);
      total.raw += s.raw;
      total.gzip += s.gzip;
      total.brotli += s.brotli;
      total.transferred += s.brotli + RESPONSE_HEADER_BYTES;
    }
    return total;
  };

  const routes: RouteFigures[] = pages.map(({ route, files, shop }) => {
    const panels: Record<string, LoadFigures> = {};
    const everything = new Set(files);
    if (shop) {
      for (const panel of panelFiles) {
        const added = new Set([...panel.files].filter((file) => !files.has(file)));
        panels[panel.name] = load(added);
        for (const file of added) everything.add(file);
      }
    }
    const figures = load(files);
    const adminChunks = [...everything].filter((f) => adminFiles.has(f));
    const ok =
      figures.transferred <= BUDGET_BYTES &&
      Object.values(panels).every((f) => f.transferred <= PANEL_BUDGET_BYTES) &&
      adminChunks.length === 0;
    return { route, ...figures, panels, adminChunks, ok };
  });

  return { dist, budget: BUDGET_BYTES, chunks, routes, ok: routes.every((r) => r.ok) };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

/** Prints rows as a table: the first column left-aligned, the others right-aligned. */
function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/**
 * Prints `report` as two tables: the chunks (all of them, or with `initialOnly` only those some measured page
 * loads up front) and each page's total against the budget. Returns `report.ok`.
 */
export function printBundleReport(report: BundleReport, { initialOnly = false } = {}): boolean {
  const shown = initialOnly ? report.chunks.filter((c) => c.pages > 0) : report.chunks;
  printTable(
    ['chunk', 'raw', 'gzip', 'brotli', 'pages'],
    shown.map((c) => [
      c.file,
      kB(c.raw),
      kB(c.gzip),
      kB(c.brotli),
      c.entry ? 'entry' : c.pages > 0 ? String(c.pages) : '',
    ]),
  );
  const all = report.chunks.reduce((sum, c) => sum + c.brotli, 0);
  console.log(`\n${report.chunks.length} chunks, ${kB(all)} brotli in all`);

  const panelNames = PANELS.map((p) => p.name);
  console.log(
    `\nJavaScript per page on a cold load (budget ${kB(report.budget)} transferred: brotli + ` +
      `${RESPONSE_HEADER_BYTES} bytes of headers per chunk), and what opening a panel adds (budget ` +
      `${kB(PANEL_BUDGET_BYTES)}):`,
  );
  printTable(
    ['page', 'chunks', 'raw', 'gzip', 'brotli', 'transferred', ...panelNames.map((n) => `+ ${n}`), 'budget'],
    report.routes.map((r) => [
      r.route,
      String(r.chunks),
      kB(r.raw),
      kB(r.gzip),
      kB(r.brotli),
      kB(r.transferred),
      ...panelNames.map((n) => (r.panels[n] ? kB(r.panels[n].transferred) : '')),
      (r.ok ? 'OK' : 'OVER BUDGET') +
        (r.adminChunks.length > 0 ? ` (loads admin chunks: ${r.adminChunks.join(', ')})` : ''),
    ]),
  );
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
