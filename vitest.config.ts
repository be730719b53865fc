import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    environment: 'node',
    // Migrates one database (PGlite snapshot or PostgreSQL template) that every test app starts from.
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // Time-outs catch a hang, not a slow machine (issue 46, item 22): five minutes is several times what the slowest
    // test (admin-search's 7,100-product walk, ~20 s of CPU on PGlite) needs on a machine several times slower than
    // a quiet 2-core one with another busy process beside it. A test or hook near it needs a cheaper set-up.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
