/**
 * Bundle budget (issue 13): the JavaScript a shopper downloads to show /auth/login and /shop/home, compressed with
 * brotli as the server sends it, must stay within BUDGET_BYTES per route.
 *
 * Run after `npm run build -w @emporium/web`:  npx tsx bench/bundle-size.ts
 *
 * It reads apps/web/dist: index.html (the entry script and the chunks it preloads) and the Vite manifest
 * (dist/.vite/manifest.json, `build.manifest`), which gives every chunk's static imports and each lazily loaded
 * screen's chunk. A route's initial JavaScript = the entry chunk + its static imports + the lazy chunk(s) of the
 * route's screens + their static imports. Prints every chunk's raw / gzip / brotli size and the two totals; exits
 * with 1 when a total is over budget (or the build is missing), 0 otherwise.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** 100 kB (decimal, as Vite and the brief count) of brotli-compressed JavaScript per route. */
const BUDGET_BYTES = 100_000;

/**
 * The lazily loaded screens each measured route renders (manifest keys, i.e. source paths relative to apps/web).
 * Keep in line with apps/web/src/app/router.tsx.
 */
const ROUTES: Record<string, string[]> = {
  '/auth/login': ['src/app/layouts/auth-layout.tsx', 'src/features/auth/login-page.tsx'],
  '/shop/home': [
    'src/app/layouts/shop-layout.tsx',
    'src/features/home/home-page.tsx',
    'src/features/shop-products/featured-products.tsx',
  ],
};

/** Chunks a shopper must never download up front (DESIGN.md §5). */
const ADMIN_SCREENS = /^src\/features\/admin\//;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const dist = process.env.WEB_DIST
  ? `${process.env.WEB_DIST.replace(/\/+$/, '')}/`
  : fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const manifestPath = join(dist, '.vite', 'manifest.json');

function fail(message: string): never {
  console.error(`bundle-size: ${message}`);
  process.exit(1);
}

if (!existsSync(manifestPath) || !existsSync(join(dist, 'index.html'))) {
  fail(
    `no build in ${dist} (index.html and .vite/manifest.json); run \`npm run build -w @emporium/web\` first`,
  );
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const html = readFileSync(join(dist, 'index.html'), 'utf8');

/** Files (relative to dist) of the chunks under `keys` and everything they import statically. */
function closure(keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) fail(`"${key}" is not in the manifest (renamed? update ROUTES in bench/bundle-size.ts)`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

// The entry: what index.html loads (its module script and modulepreloads), plus the entry's static imports.
const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
if (entryKeys.length === 0) fail('the manifest has no entry chunk');
const entry = closure(entryKeys);
for (const [, src] of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/?([^"]+\.js)"/g))
  entry.add(src!);

const initial = new Map<string, Set<string>>();
for (const [route, screens] of Object.entries(ROUTES)) {
  for (const screen of screens) {
    if (!manifest[screen]?.isDynamicEntry) fail(`${screen} (${route}) is not a lazily loaded chunk any more`);
  }
  initial.set(route, new Set([...entry, ...closure(screens)]));
}

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}
const sizes = new Map<string, Sizes>();
function sizeOf(file: string): Sizes {
  let s = sizes.get(file);
  if (!s) {
    const data = readFileSync(join(dist, file));
    s = {
      raw: data.length,
      // The levels vite-plugin-compression2 uses for the .gz/.br files the server sends.
      gzip: gzipSync(data, { level: 9 }).length,
      brotli: brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }).length,
    };
    sizes.set(file, s);
  }
  return s;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
const routes = [...initial.keys()];
const jsFiles = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`)
  .sort((a, b) => sizeOf(b).raw - sizeOf(a).raw);

const header = ['chunk', 'raw', 'gzip', 'brotli', ...routes];
const rows = jsFiles.map((file) => {
  const s = sizeOf(file);
  const marks = routes.map((route) =>
    initial.get(route)!.has(file) ? (entry.has(file) ? 'entry' : 'x') : '',
  );
  return [file, kB(s.raw), kB(s.gzip), kB(s.brotli), ...marks];
});
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 || i > 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
const all = jsFiles.reduce((sum, f) => sum + sizeOf(f).brotli, 0);
console.log(`\n${jsFiles.length} chunks, ${kB(all)} brotli in all`);

const adminFiles = new Set(
  Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && ADMIN_SCREENS.test(key))
    .map(([, chunk]) => chunk.file),
);

let over = false;
console.log(`\nInitial JavaScript per route (budget ${kB(BUDGET_BYTES)} brotli):`);
for (const [route, files] of initial) {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const s = sizeOf(file);
    total.raw += s.raw;
    total.gzip += s.gzip;
    total.brotli += s.brotli;
  }
  const admin = [...files].filter((f) => adminFiles.has(f));
  const ok = total.brotli <= BUDGET_BYTES && admin.length === 0;
  over ||= !ok;
  console.log(
    `  ${route.padEnd(12)} ${String(files.size).padStart(2)} chunks  raw ${kB(total.raw)}  gzip ${kB(total.gzip)}` +
      `  brotli ${kB(total.brotli)}  ${ok ? 'OK' : 'OVER BUDGET'}` +
      (admin.length > 0 ? `  (loads admin chunks: ${admin.join(', ')})` : ''),
  );
}
process.exit(over ? 1 : 0);
