// Test plumbing: a fresh database with identity's real migrations, the app, and a real SMTP peer.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { readConfig, runMigrations } from '@mailwright/kit';
import { createTestDatabase, TEST_INTERNAL_SECRET, type TestDatabase } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app';
import { type Config, ConfigSchema } from '../src/config';

export const PUBLIC_URL = 'http://mailwright.test';
const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface Harness {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createHarness(label: string, env: Record<string, string | undefined> = {}): Promise<Harness> {
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
    ...env,
  });
  const app = await buildApp(config);
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

/** A real SMTP server on a free port that parses what it receives. */
export class SmtpSink {
  readonly messages: ParsedMail[] = [];
  private readonly waiters: Array<{ match: (mail: ParsedMail) => boolean; resolve: (mail: ParsedMail) => void }> = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          this.messages.push(mail);
          for (const waiter of [...this.waiters]) {
            if (waiter.match(mail)) {
              this.waiters.splice(this.waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch(callback);
    },
  });

  async start(): Promise<string> {
    this.server.on('error', () => {}); // a client's reset socket is re-emitted here; it must not crash the test process
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  /** The next mail to `to` with a subject matching `subject` (including ones already received and not yet taken). */
  next(to: string, subject: RegExp, timeoutMs = 10_000): Promise<ParsedMail> {
    const match = (mail: ParsedMail) => recipientsOf(mail).includes(to) && subject.test(mail.subject ?? '');
    const existing = this.messages.find(match);
    if (existing) {
      this.messages.splice(this.messages.indexOf(existing), 1);
      return Promise.resolve(existing);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (mail) => {
          clearTimeout(timer);
          this.messages.splice(this.messages.indexOf(mail), 1);
          resolve(mail);
        },
      });
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function recipientsOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((address) => address.value.map((entry) => entry.address ?? ''));
}

/** The token at the end of `${PUBLIC_URL}/<path>/<token>` inside a mail's text. */
export function linkToken(mail: ParsedMail, path: 'verify-email' | 'reset-password'): string {
  const pattern = new RegExp(`${PUBLIC_URL.replaceAll('.', '\\.')}/${path}/([A-Za-z0-9_-]+)`);
  const found = pattern.exec(mail.text ?? '');
  if (!found?.[1]) throw new Error(`No ${path} link in mail: ${mail.text}`);
  return found[1];
}
