import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['fixtures/global-setup.ts'],
    // One server and one browser at a time: the machine has two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll's 1 s default is shorter than a render on a loaded two-core CI machine; a poll
    // that succeeds returns at once, so a longer ceiling costs nothing when the app is right.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default', '../packages/server/src/test/summary-reporter.ts'],
  },
});
