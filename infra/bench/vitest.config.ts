import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The benchmark's quick run (`npm run test:bench -w @mailwright/infra`, part of `npm test`): it starts its
// own stack, so none of the e2e suite's global setup.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    reporters: ['default', '../services/kit/src/testing/unhandled-errors-reporter.ts'],
    include: ['bench/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
