// Shared setup for integration tests: a fresh database with the real migrations, and the app on it.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { readConfig, runMigrations } from '@mailwright/kit';
import { createTestDatabase, TEST_INTERNAL_SECRET, type TestDatabase, userHeaders } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { type AppOverrides, buildApp } from '../src/app';
import { type Config, ConfigSchema } from '../src/config';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export function testConfig(databaseUrl: string, extra: Record<string, string> = {}): Config {
  return readConfig(ConfigSchema, {
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    ...extra,
  });
}

export async function startTestApp(
  label: string,
  overrides: AppOverrides = {},
  env: Record<string, string> = {},
): Promise<TestApp> {
  const db = await createTestDatabase(label);
  await runMigrations(db.url, 'templates', migrationsFolder);
  const config = testConfig(db.url, env);
  const app = await buildApp(config, overrides);
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/** A new signed-in user: their id and the headers the gateway would forward. */
export async function newUser(): Promise<{ userId: string; headers: Record<string, string> }> {
  const userId = randomUUID();
  return { userId, headers: await userHeaders(userId) };
}

export const sampleTemplate = (overrides: Record<string, unknown> = {}) => ({
  name: 'Welcome',
  subject: 'Welcome, {{ firstName }}!',
  body: 'Hi {{firstName}}, welcome to {{ company }}.',
  ...overrides,
});
