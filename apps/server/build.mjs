// Bundles the server (and its command-line tools) into dist/ with esbuild. npm packages stay external and are
// loaded from node_modules; the contract package (TypeScript source) is bundled in. Migrations are read from
// ../drizzle at run time (see src/db/client.ts).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/main.ts',
    'cli/seed': 'src/cli/seed.ts',
    'cli/admin-create': 'src/cli/admin-create.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@emporium/contract': '../../packages/contract/src/index.ts' },
  logLevel: 'warning',
});
console.log('server built into apps/server/dist');
