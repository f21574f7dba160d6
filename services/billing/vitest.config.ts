import { defineConfig } from 'vitest/config';

// Each test file gets its own database; running them one at a time keeps the shared 2-core machine usable.
export default defineConfig({
  test: {
    reporters: ['default', '../kit/src/testing/unhandled-errors-reporter.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    fileParallelism: false,
  },
});
