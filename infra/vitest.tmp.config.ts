import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { include: ['edge/**/*.test.ts'], testTimeout: 60_000 } });
