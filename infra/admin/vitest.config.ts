import { defineConfig } from 'vitest/config';

// The operator CLI's tests, run from infra/ as its test script does: each file its own database (every service's
// migrations, applied by `admin migrate`) and its own queue prefix; no whole stack.
export default defineConfig({
  test: {
    reporters: ['default', '../services/kit/src/testing/unhandled-errors-reporter.ts'],
    include: ['admin/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
