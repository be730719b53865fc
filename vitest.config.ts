import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    environment: 'node',
    // Migrates one database (PGlite snapshot or PostgreSQL template) that every test app starts from.
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // Each file builds its own app and database; argon2 and PGlite start-up are CPU-bound on 2 cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
