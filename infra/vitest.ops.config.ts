import { defineConfig } from 'vitest/config';

// Operations checks: compose and k8s validation, the Docker build steps run without Docker, gateway metrics.
export default defineConfig({
  test: {
    include: ['ops/**/*.test.ts', 'checks/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
