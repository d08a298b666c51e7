import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    // SERVER_TESTS_SHARE_MODULES=1 (.ci/run's PGlite step): each worker loads the app's modules and
    // PGlite once for all its files instead of once per file (import time 362 s -> 50 s on two
    // cores); docs/operations.md, "CI". Off by default and for PostgreSQL runs.
    isolate: process.env.SERVER_TESTS_SHARE_MODULES !== '1',
    maxWorkers: process.env.CI ? 2 : 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', './src/test/summary-reporter.ts'],
  },
});
