import { defineConfig } from 'vitest/config';

/**
 * Browser journeys against the production build, one file at a time per server; run-shards.mjs runs two such Vitest
 * processes, each with its own server (global-setup.ts), side by side.
 */
export default defineConfig({
  test: {
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
