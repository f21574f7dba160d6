import { defineConfig } from 'vitest/config';

// The images test (images/images.test.ts): builds every Dockerfile target with podman and starts the gateway image.
// Not part of `npm test` (a first build takes many minutes): `npm run test:images`.
export default defineConfig({
  test: {
    include: ['images/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 3 * 60 * 60 * 1000,
    maxWorkers: 1,
  },
});
