import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', '../services/kit/src/testing/unhandled-errors-reporter.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    // Modules imported once per vitest worker, as in the services (kit's serviceTestConfig says why).
    isolate: false,
  },
});
