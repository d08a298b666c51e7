import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: process.env.CI ? 2 : 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', './src/test/summary-reporter.ts'],
  },
});
