import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { visualizer } from 'rollup-plugin-visualizer';

// In development the API runs on its own port; in production the server serves dist/ from the same origin.
const API_ORIGIN = 'http://localhost:3000';
const proxy = {
  '/api': { target: API_ORIGIN, changeOrigin: false },
  '/uploads': { target: API_ORIGIN, changeOrigin: false },
  // The sandbox payment page is served by the API.
  '/sandbox': { target: API_ORIGIN, changeOrigin: false },
};

/**
 * React Router's package exports name only its development build (dev warnings on; remix-run/react-router#12532,
 * #14102), so builds take the production build from the same package instead (0.4 kB less brotli on every page).
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const LUCIDE_ICON_FACTORY = fileURLToPath(new URL('./src/lib/lucide-icon.ts', import.meta.url));

/**
 * A test for the modules at these paths: relative to apps/web (`src/lib/format`) or to the repository
 * (`node_modules/…`, `packages/…`), without extension; a path may end in a regular expression.
 */
function modulesAt(paths: readonly string[]): RegExp {
  const alternatives = paths.map((path) => path.replaceAll('/', '[\\/]'));
  return new RegExp(`[\\/](?:${alternatives.join('|')})(?:\\.(?:tsx?|mjs|js))?$`);
}

/**
 * The product grids' pieces that home, the listing and search share (cards, their photos and the product dialog's
 * opener) and the listing's filter checkboxes: one chunk for the pages that show products. Only these modules (not
 * what they import), so that no other area loads the chunk for something it does not show.
 */
const CATALOG_MODULES = modulesAt([
  'src/features/shop-products/(?:product-grid|product-card|product-photo|product-details-dialog)',
  'src/components/ui/checkbox',
  'node_modules/lucide-react/dist/esm/icons/(?:check|arrow-up-down)',
]);

/**
 * What the checkout's chunk (purchase-screens.ts) shares with the address form, the payment success page, the order
 * details and the admin's pages: country codes and names, the printed postal address (issue 40), the Edit and Delete
 * icons. One chunk rather than three.
 */
const CHECKOUT_SHARED_MODULES = modulesAt([
  'src/lib/countries',
  'src/components/postal-address',
  'packages/contract/src/(?:countries|postal-address)',
  'node_modules/lucide-react/dist/esm/icons/(?:trash|pencil)',
]);

/**
 * What Radix's primitives share (slots, refs, context, controlled state, presence, portal, dismissable layer): one
 * chunk for the toasts, menus and dialogs, fetched with the first of them.
 */
const RADIX_MODULES = modulesAt([
  'node_modules/@radix-ui/(?:primitive|react-(?:primitive|slot|compose-refs|context|presence|portal|dismissable-layer|id|use-controllable-state|use-effect-event|use-layout-effect|use-callback-ref|use-escape-keydown))/.*',
]);

/**
 * A modal layer (Radix Dialog with its focus trap and scroll lock) and our dialog and side panel on top of it: one
 * chunk for every dialog and panel, fetched when the first one opens.
 */
const DIALOG_MODULES = modulesAt([
  'src/components/ui/(?:modal-content|modal-backdrop|dialog|sheet)',
  'node_modules/@radix-ui/react-(?:dialog|focus-scope|focus-guards)/.*',
  'node_modules/(?:react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|detect-node-es|tslib)/.*',
]);

/** `ANALYZE=1 npm run build -w @emporium/web` also writes a treemap of every chunk to dist/stats.html. */
const analyze = process.env.ANALYZE === '1';

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // Pre-compressed copies beside each text asset (app.js → app.js.br, app.js.gz); the server answers with them
    // (@fastify/static `preCompressed`), so nothing is compressed per request. Maximum levels: it runs once per build.
    compression({
      include: /\.(js|mjs|css|html|svg)$/,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      // A copy that is not smaller than its original is not written; the server then sends the original.
      skipIfLargerOrEqual: true,
    }),
    analyze &&
      (visualizer({
        filename: fileURLToPath(new URL('./dist/stats.html', import.meta.url)),
        template: 'treemap',
        gzipSize: true,
        brotliSize: true,
      }) as PluginOption),
  ],
  resolve: {
    tsconfigPaths: true,
    alias: [
      // Lucide's icons are drawn by our own factory (src/lib/lucide-icon.ts: the same markup, 0.8 kB less).
      { find: /^\.\.\/createLucideIcon\.mjs$/, replacement: LUCIDE_ICON_FACTORY },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each entry and lazy route needs (read by bench/bundle-size.ts).
    manifest: true,
    // No modulepreload polyfill (0.4 kB brotli on every page): browsers without <link rel="modulepreload"> (Safari
    // before 17, Firefox before 115) still run the app, they only fetch a lazy chunk's imports after the chunk.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contract's schemas (and zod with them) are only needed by the server; the web app uses its
      // constants and types, so unused contract modules may be dropped.
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        // A cold page load pays each chunk's response headers (about 0.6 kB) besides its body, and the budget counts
        // both (issue 46, bench/bundle-size.ts). So what a page needs comes in few chunks: the entry (everything the
        // app starts with: React, the router, Redux, the access guard, the shop's frame, and the small modules
        // several areas share, src/main.tsx), one chunk per screen (src/app/router.tsx), and for the pages that show
        // products the catalog's. Left alone, each small module several screens share would be a chunk of its own
        // of a few hundred bytes; the groups below gather those that interactions and screens share. (One entry
        // chunk rather than a separate one for the libraries: that split cost every page two more requests, the
        // libraries' and the bundler's runtime helpers'.)
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            { name: 'catalog', test: CATALOG_MODULES, priority: 1, includeDependenciesRecursively: false },
            {
              name: 'checkout-shared',
              test: CHECKOUT_SHARED_MODULES,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            { name: 'radix', test: RADIX_MODULES, priority: 1, includeDependenciesRecursively: false },
            { name: 'dialog', test: DIALOG_MODULES, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
}));
