import { defineConfig } from 'vitest/config';

// Reliability and security suites: fault injection, fuzzing and attacks. Each file starts its own stack
// (own redis-server, own database or PostgreSQL server), so files run one after another. Every stack runs the
// production bundles that faults/global-setup.ts builds.
export default defineConfig({
  test: {
    include: ['faults/**/*.test.ts'],
    globalSetup: ['faults/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
