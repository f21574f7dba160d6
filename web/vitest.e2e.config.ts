// Browser tests: Debian Chromium driven by playwright-core against E2E_BASE_URL (the gateway serving web/dist).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.test.ts'],
    testTimeout: 60000,
    hookTimeout: 60000,
    fileParallelism: false,
  },
});
