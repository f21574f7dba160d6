// Test plumbing: a fresh database migrated by `admin migrate`, a queue prefix of its own, and the CLI run in process
// with its output captured.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createTestDatabase, type TestDatabase, testRedisUrl } from '@mailwright/kit/testing';
import { runAdmin } from '../run-admin';

export interface AdminRun {
  code: number;
  out: string;
  err: string;
  /** stdout as JSON (for --json runs). */
  json<T = Record<string, unknown>>(): T;
}

export interface AdminEnv {
  DATABASE_URL: string;
  REDIS_URL: string;
  ENCRYPTION_KEY: string;
  QUEUE_PREFIX: string;
  [name: string]: string;
}

export interface AdminHarness {
  database: TestDatabase;
  env: AdminEnv;
  /** Runs `npm run admin -- <args>` in process. */
  admin(...args: string[]): Promise<AdminRun>;
  close(): Promise<void>;
}

class Collected extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

export async function createAdminHarness(label: string, env: Record<string, string> = {}): Promise<AdminHarness> {
  const database = await createTestDatabase(`admin_${label}`);
  const settings: AdminEnv = {
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    QUEUE_PREFIX: `admin-test-${randomBytes(4).toString('hex')}`,
    ...env,
  };
  // An empty data dir: nothing from a developer's .data/ leaks into a test.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mw-admin-'));
  const admin = async (...args: string[]): Promise<AdminRun> => {
    const out = new Collected();
    const err = new Collected();
    const code = await runAdmin(args, { out, err, env: settings, dataDir });
    return { code, out: out.text, err: err.text, json: <T>() => JSON.parse(out.text) as T };
  };
  const migrated = await admin('migrate');
  if (migrated.code !== 0) throw new Error(`admin migrate failed: ${migrated.err}`);
  return {
    database,
    env: settings,
    admin,
    close: () => database.drop(),
  };
}
