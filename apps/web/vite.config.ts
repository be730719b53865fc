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

/** Small modules nearly every screen uses, auth and admin included: the button, toasts, prices, the session, the
 * Lucide icon factory and the logo icon. */
const COMMON_MODULES =
  /[\\/]src[\\/](components[\\/]ui[\\/](button|toast-store)|lib[\\/]format|app[\\/]session)\.tsx?$|[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])|[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]shopping-bag\.mjs$/;

/** What every shop page shows around its content: header, cart and account buttons, product cards and actions, and
 * the images' srcset widths. Only these modules (not what they import), so that no other area loads the shop's
 * chunk. */
const SHOP_SHELL_MODULES =
  /[\\/]src[\\/](app[\\/]product-actions|features[\\/]shop-layout[\\/](shop-header|user-menu|nav-items)|features[\\/]purchase[\\/](cart-sheet|use-cart-actions)|features[\\/]shop-products[\\/](product-grid|product-card|product-photo|product-details-dialog|rating-summary|star-rating|product-price)|components[\\/]ui[\\/](badge|deferred-popup))\.tsx?$|[\\/]packages[\\/]contract[\\/]src[\\/]images\.ts$/;

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
        // What every page runs at startup (the entry's static imports) is two chunks rather than a dozen slivers:
        // the libraries (they change rarely, so browsers keep them across releases) and the app's own startup code.
        // Screens and what only they use stay split by route (src/app/router.tsx). Left alone, the small modules
        // several screens share would each become a chunk of a few hundred bytes, compressed on its own; two
        // groups gather them (about 2 kB brotli less for /shop/home, checked by bench/bundle-size.ts).
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 4 },
            { name: 'app', tags: ['$initial'], priority: 3 },
            { name: 'common', test: COMMON_MODULES, priority: 2 },
            { name: 'shop', test: SHOP_SHELL_MODULES, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
}));
