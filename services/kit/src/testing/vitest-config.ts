// The vitest settings every service's suite shares (files, reporter, timeouts); a suite passes only what differs.
// Imported by path from each vitest.config.ts, not from the testing index, so tests never load vitest's config API.
import { defineConfig, type TestUserConfig, type ViteUserConfig } from 'vitest/config';

/** Where a service's test files are, relative to its folder. */
export const SERVICE_TEST_FILES = ['src/**/*.test.ts', 'test/**/*.test.ts'];

export function serviceTestConfig(overrides: TestUserConfig = {}): ViteUserConfig {
  return defineConfig({
    test: {
      // Resolved from the service's folder, where vitest runs.
      reporters: ['default', '../kit/src/testing/unhandled-errors-reporter.ts'],
      include: SERVICE_TEST_FILES,
      testTimeout: 20_000,
      hookTimeout: 30_000,
      // A test file's modules are imported once per vitest worker, not once per file: no service's tests mock or stub
      // a module, and each file starts and stops its own servers. Imports were a third of a suite's time (mail's
      // took 110 of 386 s, accounts' 115 s beside the browser tests).
      isolate: false,
      ...overrides,
    },
  });
}
