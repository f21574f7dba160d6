// The gateway app in front of the stand-in services (every service URL points at them), quiet, without the web app.
import { readConfig } from '@mailwright/kit';
import { TEST_INTERNAL_SECRET, testRedisUrl } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { GatewayConfigSchema } from '../../src/config';
import type { StandInServices } from './stand-in-services';

export function buildGatewayFor(
  services: StandInServices,
  settings: Record<string, string> = {},
  options: Parameters<typeof buildApp>[1] = {},
): Promise<FastifyInstance> {
  const url = services.url;
  return buildApp(
    readConfig(GatewayConfigSchema, {
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      REDIS_URL: testRedisUrl,
      LOG_LEVEL: 'silent',
      IDENTITY_URL: url,
      ACCOUNTS_URL: url,
      TEMPLATES_URL: url,
      MAIL_URL: url,
      BILLING_URL: url,
      WEB_DIST: '/nonexistent',
      ...settings,
    }),
    options,
  );
}
