import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', '../services/kit/src/testing/unhandled-errors-reporter.ts'],
    include: ['e2e/**/*.test.ts', 'edge/**/*.test.ts', 'launcher/**/*.test.ts', '../web/e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // Stacks a test file starts for itself (tracing's, with the OpenTelemetry SDK loaded in every process) start
    // while the other lane's suites run, and from sources when the file runs alone: a loaded CI host took more than
    // the launcher's default 60 s.
    env: { STACK_START_TIMEOUT_MS: '180000' },
  },
});
