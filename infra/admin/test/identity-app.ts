// identity's real app on the harness's database (and its ENCRYPTION_KEY), as the CLI's effects are checked through it.
import { readConfig } from '@mailwright/kit';
import { FixedEntitlements, PRO_ENTITLEMENTS, TEST_INTERNAL_SECRET } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../services/identity/src/app';
import { ConfigSchema } from '../../../services/identity/src/config';
import type { AdminHarness } from './admin-harness';

export function startIdentity(harness: AdminHarness): Promise<FastifyInstance> {
  const config = readConfig(ConfigSchema, {
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    DATABASE_URL: harness.env.DATABASE_URL,
    REDIS_URL: harness.env.REDIS_URL,
    ENCRYPTION_KEY: harness.env.ENCRYPTION_KEY,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://mailwright.test',
    // Nothing listens here (identity falls back to free-plan figures).
    BILLING_URL: 'http://127.0.0.1:9',
    MAIL_URL: 'http://127.0.0.1:9',
  });
  return buildApp(config, { entitlements: new FixedEntitlements(PRO_ENTITLEMENTS) });
}
