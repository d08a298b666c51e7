import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    reporters: ['default', '../server/src/test/summary-reporter.ts'],
    // Component tests drive whole dialogs through jsdom; on a loaded 2-core CI machine one took over
    // vitest's 5 s default while correct. Time limits guard against hangs here, not speed.
    testTimeout: 30_000,
  },
});
