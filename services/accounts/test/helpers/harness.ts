// One accounts app per test file: a migrated database of its own, the app on it and a raw client for its rows.
import type { EntitlementsSource } from '@mailwright/kit';
import { FixedEntitlements, PRO_ENTITLEMENTS, type TestDatabase } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { testConfig } from './config';
import { migratedTestDatabase } from './database';

export interface Harness {
  app: FastifyInstance;
  /** Reads and writes rows past the app (what is stored, or a row the app would never write). */
  raw: pg.Client;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Environment on top of testConfig's (OAuth server URLs, keys). */
  env?: Record<string, string>;
  /** Plans without account limits unless given. */
  entitlements?: EntitlementsSource;
}

export async function startHarness(label: string, options: HarnessOptions = {}): Promise<Harness> {
  const database = await migratedTestDatabase(label);
  const app = await buildApp(testConfig(database.url, options.env), {
    entitlements: options.entitlements ?? new FixedEntitlements(PRO_ENTITLEMENTS),
  }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  const raw = new pg.Client({ connectionString: database.url });
  await raw.connect();
  return {
    app,
    raw,
    database,
    async close() {
      await raw.end();
      await app.close();
      await database.drop();
    },
  };
}
