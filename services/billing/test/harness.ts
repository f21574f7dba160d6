// One billing app per test file: a fresh database with the real migrations, the fake Razorpay API,
// and a clock the test controls.
import { fileURLToPath } from 'node:url';
import { runMigrations } from '@mailwright/kit';
import {
  createTestDatabase,
  internalHeaders,
  serviceHeaders,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
  userHeaders,
} from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { createBillingDatabase } from '../src/db/client';
import type { BillingDeps } from '../src/deps';
import { FakeRazorpay } from './fake-razorpay';

export const KEY_ID = 'rzp_test_billing';
export const KEY_SECRET = 'test-key-secret-0123456789';
export const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

export class TestClock {
  constructor(public current = new Date('2025-01-05T13:00:00.000Z')) {}
  now = () => new Date(this.current.getTime());
  set(iso: string): void {
    this.current = new Date(iso);
  }
}

export interface Harness {
  app: FastifyInstance;
  razorpay: FakeRazorpay;
  clock: TestClock;
  database: TestDatabase;
  /** The test's own handle on the app's database and clock, for reading rows and running use cases. */
  deps: Pick<BillingDeps, 'db' | 'now'>;
  close(): Promise<void>;
}

export function testConfig(databaseUrl: string, overrides: Partial<Config> = {}): Config {
  return {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    DATABASE_URL: databaseUrl,
    METRICS_TOKEN: '',
    IDENTITY_URL: 'http://127.0.0.1:1',
    ACCOUNTS_URL: 'http://127.0.0.1:1',
    TEMPLATES_URL: 'http://127.0.0.1:1',
    MAIL_URL: 'http://127.0.0.1:1',
    BILLING_URL: 'http://127.0.0.1:1',
    BILLING_PORT: 0,
    BILLING_RENEWAL_SWEEP_MS: 0,
    RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
    ...overrides,
  };
}

export async function startHarness(label: string, overrides: Partial<Config> = {}): Promise<Harness> {
  const database = await createTestDatabase(label);
  await runMigrations(database.url, 'billing', migrationsFolder);
  const razorpay = new FakeRazorpay(KEY_ID, KEY_SECRET);
  await razorpay.start();
  const clock = new TestClock();
  const config = testConfig(database.url, {
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_URL: razorpay.url,
    ...overrides,
  });
  const app = await buildApp(config, { now: clock.now });
  await app.ready();
  const deps = { db: createBillingDatabase(database.url), now: clock.now };
  return {
    app,
    razorpay,
    clock,
    database,
    deps,
    async close() {
      await app.close();
      await deps.db.$client.end();
      await razorpay.stop();
      await database.drop();
    },
  };
}

export const publicHeaders = () => internalHeaders({ kind: 'public' });

/** GET /internal/entitlements/:userId as another service would call it. */
export async function entitlementsOf(app: FastifyInstance, userId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/internal/entitlements/${userId}`,
    headers: await serviceHeaders('mail'),
  });
  if (response.statusCode !== 200) throw new Error(`entitlements answered ${response.statusCode}: ${response.body}`);
  return response.json<{ data: Record<string, unknown> }>().data;
}

/** The whole browser flow for one user: create-order, pay in the fake checkout, verify. */
export async function subscribe(harness: Harness, userId: string, plan: 'pro' | 'enterprise') {
  const headers = await userHeaders(userId);
  const created = await harness.app.inject({ method: 'POST', url: '/payments/create-order', headers, payload: { plan } });
  if (created.statusCode !== 200) throw new Error(`create-order answered ${created.statusCode}: ${created.body}`);
  const checkout = harness.razorpay.pay(created.json<{ orderId: string }>().orderId);
  const verified = await harness.app.inject({ method: 'POST', url: '/payments/verify', headers, payload: { ...checkout, plan } });
  if (verified.statusCode !== 200) throw new Error(`verify answered ${verified.statusCode}: ${verified.body}`);
  return verified.json<{ message: string; data: { subscription: { plan: string; endDate: string | null } } }>();
}
