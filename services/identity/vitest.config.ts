import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', '../kit/src/testing/unhandled-errors-reporter.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
