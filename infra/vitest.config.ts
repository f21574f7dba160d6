import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', '../services/kit/src/testing/unhandled-errors-reporter.ts'],
    include: ['e2e/**/*.test.ts', 'launcher/**/*.test.ts', '../web/e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
