// Test helpers: a fresh database per test file, internal tokens for app.inject calls, a free port.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { INTERNAL_TOKEN_HEADER, type InternalClaims, signInternalToken } from '../internal-token';

export const TEST_INTERNAL_SECRET = 'test-internal-secret-that-is-long-enough-0123456789';
/**
 * Identity's password hashing at OWASP's minimum argon2id cost (19 MiB, 2 passes, 1 lane), the floor identity
 * accepts: test stacks sign up and sign in hundreds of users, and at the production default (64 MiB, 3 passes,
 * 4 lanes) each hash costs about half a second of CPU on a 2-core host.
 */
export const TEST_PASSWORD_HASH_ENV = {
  PASSWORD_HASH_MEMORY_KIB: '19456',
  PASSWORD_HASH_ITERATIONS: '2',
  PASSWORD_HASH_PARALLELISM: '1',
} as const;
export const testDatabaseBaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database for one test file; drop() removes it. */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = `mw_test_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseBaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(testDatabaseBaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: testDatabaseBaseUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

export async function internalHeaders(claims: InternalClaims, secret = TEST_INTERNAL_SECRET): Promise<Record<string, string>> {
  return { [INTERNAL_TOKEN_HEADER]: await signInternalToken(secret, claims) };
}

export const userHeaders = (userId: string, secret?: string) => internalHeaders({ kind: 'user', userId }, secret);
export const serviceHeaders = (service: string, secret?: string) => internalHeaders({ kind: 'service', service }, secret);

/** A TCP port free on loopback right now (for a listener a test starts itself). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export * from './fixed-entitlements';
export * from './gmail-lookalike';
export * from './graph-lookalike';
export * from './imap-server';
export * from './lease-trips';
export * from './metric-value';
export * from './smtp-peer';
export * from './tarpit-smtp';
