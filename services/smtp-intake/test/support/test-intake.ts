// Starts an intake on free ports against the stand-in services, with its own metrics registry and Redis prefix.
import { randomBytes } from 'node:crypto';
import { MetricsRegistry, readConfig } from '@mailwright/kit';
import { TEST_INTERNAL_SECRET, testRedisUrl } from '@mailwright/kit/testing';
import pino from 'pino';
import { type IntakeOverrides, type RunningIntake, startIntake } from '../../src/app';
import { type Config, ConfigSchema } from '../../src/config';
import type { StandInServices } from './stand-in-services';
import type { TestTls } from './test-tls';

export interface TestIntake extends RunningIntake {
  config: Config;
  metricsText(): Promise<string>;
}

export async function startTestIntake(
  services: StandInServices,
  tls: TestTls,
  env: Record<string, string> = {},
  overrides: IntakeOverrides = {},
): Promise<TestIntake> {
  const config = readConfig(ConfigSchema, {
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    REDIS_URL: testRedisUrl,
    IDENTITY_URL: services.url,
    BILLING_URL: services.url,
    MAIL_URL: services.url,
    SMTP_INTAKE_PORT: '0',
    SMTP_INTAKE_HTTP_PORT: '0',
    SMTP_INTAKE_TLS_CERT: tls.certFile,
    SMTP_INTAKE_TLS_KEY: tls.keyFile,
    SMTP_INTAKE_REDIS_PREFIX: `test:smtp-intake:${randomBytes(4).toString('hex')}`,
    ...env,
  });
  const metrics = new MetricsRegistry('smtp-intake', { defaultMetrics: false });
  const intake = await startIntake(config, tls, { log: pino({ level: 'silent' }), metrics, ...overrides });
  return {
    ...intake,
    config,
    metricsText: async () => (await fetch(`http://127.0.0.1:${intake.httpPort}/metrics`)).text(),
  };
}
