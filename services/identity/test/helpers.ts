// Test plumbing: a fresh database with identity's real migrations, the app, and kit's SMTP test peer.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { readConfig, runMigrations } from '@mailwright/kit';
import {
  createTestDatabase,
  parsedAddresses,
  SmtpPeer,
  TEST_INTERNAL_SECRET,
  TEST_PASSWORD_HASH_ENV,
  type TestDatabase,
} from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { type AppOverrides, buildApp } from '../src/app';
import { type Config, ConfigSchema } from '../src/config';

export const PUBLIC_URL = 'http://mailwright.test';
const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface Harness {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createHarness(
  label: string,
  env: Record<string, string | undefined> = {},
  overrides: AppOverrides = {},
): Promise<Harness> {
  const database = await createTestDatabase(`identity_${label}`);
  await runMigrations(database.url, 'identity', migrationsFolder);
  const config = readConfig(ConfigSchema, {
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    DATABASE_URL: database.url,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    // Nothing listens here: /auth/me must fall back to free-plan figures.
    BILLING_URL: 'http://127.0.0.1:9',
    MAIL_URL: 'http://127.0.0.1:9',
    ...TEST_PASSWORD_HASH_ENV,
    ...env,
  });
  const app = await buildApp(config, overrides);
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** kit's SMTP test peer, read the way these tests read mail: parsed, by recipient and subject. */
export class SmtpSink extends SmtpPeer {
  /** Every parsed mail received and not yet taken by nextMail. */
  get mails(): ParsedMail[] {
    return this.messages.map((message) => message.parsed);
  }

  /** The next mail to `to` with a subject matching `subject` (one already received and not yet taken included). */
  async nextMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<ParsedMail> {
    const taken = await this.next(
      ({ parsed }) => parsed !== undefined && parsedAddresses(parsed.to).includes(to) && subject.test(parsed.subject ?? ''),
      { timeoutMs, take: true },
    );
    if (!taken.parsed) throw new Error(`The mail to ${to} was not parsed`);
    return taken.parsed;
  }
}

/** The token at the end of `${PUBLIC_URL}/<path>/<token>` inside a mail's text. */
export function linkToken(mail: ParsedMail, path: 'verify-email' | 'reset-password'): string {
  const pattern = new RegExp(`${PUBLIC_URL.replaceAll('.', '\\.')}/${path}/([A-Za-z0-9_-]+)`);
  const found = pattern.exec(mail.text ?? '');
  if (!found?.[1]) throw new Error(`No ${path} link in mail: ${mail.text}`);
  return found[1];
}
