import { defineConfig } from 'vitest/config';

/** Browser journeys against the production build, one file at a time (2 cores; one server). */
export default defineConfig({
  test: {
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
