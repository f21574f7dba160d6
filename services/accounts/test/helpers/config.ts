// A valid accounts Config for tests: a fresh database URL, the shared test secret, OAuth endpoints overridable.
import { readConfig } from '@mailwright/kit';
import { TEST_INTERNAL_SECRET } from '@mailwright/kit/testing';
import { type Config, ConfigSchema } from '../../src/config';

export const TEST_ENCRYPTION_KEY = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
export const TEST_PUBLIC_URL = 'http://app.mailwright.test';

export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return readConfig(ConfigSchema, {
    DATABASE_URL: databaseUrl,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    SMTP_VERIFY_TIMEOUT_MS: '3000',
    // The test SMTP servers listen on loopback.
    ALLOW_PRIVATE_TARGETS: 'true',
    // Nothing listens here: calls to mail and identity fail fast unless a test points them at a stand-in.
    MAIL_URL: 'http://127.0.0.1:9',
    IDENTITY_URL: 'http://127.0.0.1:9',
    ...env,
  });
}
