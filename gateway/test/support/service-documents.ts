// The real services' own /openapi.json documents, taken in-process: every service app is built on one scratch
// database (each service migrates its own schema), asked for its document with app.inject, and closed. No
// request reaches a route, so nothing else (SMTP, other services, payments) needs to answer.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { ServiceName } from '@mailwright/contracts';
import { readConfig, runMigrations } from '@mailwright/kit';
import { createTestDatabase, TEST_INTERNAL_SECRET, testRedisUrl } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import * as accounts from '../../../services/accounts/src/app';
import * as accountsConfig from '../../../services/accounts/src/config';
import * as billing from '../../../services/billing/src/app';
import * as billingConfig from '../../../services/billing/src/config';
import * as identity from '../../../services/identity/src/app';
import * as identityConfig from '../../../services/identity/src/config';
import * as mail from '../../../services/mail/src/app';
import * as mailConfig from '../../../services/mail/src/config';
import * as templates from '../../../services/templates/src/app';
import * as templatesConfig from '../../../services/templates/src/config';

const migrationsOf = (service: ServiceName) => fileURLToPath(new URL(`../../../services/${service}/drizzle`, import.meta.url));

/** Nothing listens here: the apps are only asked for their documents. */
const NOWHERE = 'http://127.0.0.1:9';

export async function serviceDocuments(): Promise<Map<ServiceName, unknown>> {
  const database = await createTestDatabase('gateway_openapi');
  try {
    const services: ServiceName[] = ['identity', 'accounts', 'templates', 'mail', 'billing'];
    for (const service of services) await runMigrations(database.url, service, migrationsOf(service));
    const env: Record<string, string> = {
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl,
      QUEUE_PREFIX: `mwtest-openapi-${randomBytes(4).toString('hex')}`,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'https://mail.example.test',
      LOG_LEVEL: 'silent',
      METRICS_TOKEN: '',
      IDENTITY_URL: NOWHERE,
      ACCOUNTS_URL: NOWHERE,
      TEMPLATES_URL: NOWHERE,
      MAIL_URL: NOWHERE,
      BILLING_URL: NOWHERE,
    };
    const builders: Record<ServiceName, () => Promise<FastifyInstance>> = {
      identity: () => identity.buildApp(readConfig(identityConfig.ConfigSchema, env)),
      accounts: () => accounts.buildApp(readConfig(accountsConfig.ConfigSchema, env)),
      templates: () => templates.buildApp(readConfig(templatesConfig.ConfigSchema, env)),
      mail: () => mail.buildApp(readConfig(mailConfig.ConfigSchema, env)),
      billing: () => billing.buildApp(readConfig(billingConfig.ConfigSchema, env)),
    };
    const documents = new Map<ServiceName, unknown>();
    for (const service of services) {
      const app = await builders[service]();
      try {
        const response = await app.inject({ method: 'GET', url: '/openapi.json' });
        if (response.statusCode !== 200) throw new Error(`${service} /openapi.json answered ${response.statusCode}`);
        documents.set(service, response.json());
      } finally {
        await app.close();
      }
    }
    return documents;
  } finally {
    await database.drop();
  }
}
