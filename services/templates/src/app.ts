// Builds the templates service: CRUD, preview and the internal render call, limited by billing's entitlements.
import { TEMPLATE_LIMITS } from '@mailwright/contracts';
import { BillingEntitlements, createServiceApp, type EntitlementsSource, InternalClient, pingDatabase } from '@mailwright/kit';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { createTemplatesDatabase } from './db/client';
import type { TemplatesDeps } from './deps';
import { internalRoutes } from './routes/internal';
import { templateRoutes } from './routes/templates';

export const SERVICE_NAME = 'templates';

/**
 * A body may be 1 MB; JSON escaping and the other fields need a little more, so the request limit
 * sits above it and a too-large body meets the service's own message rather than the parser's.
 */
const BODY_LIMIT = TEMPLATE_LIMITS.bodyMaxBytes + 256 * 1024;

export interface AppOverrides {
  /** Where plan limits come from; defaults to billing over HTTP. */
  entitlements?: EntitlementsSource;
}

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const db = createTemplatesDatabase(config.DATABASE_URL);
  const app = createServiceApp(SERVICE_NAME, config, { bodyLimit: BODY_LIMIT, readiness: { database: () => pingDatabase(db) } });
  const deps: TemplatesDeps = {
    db,
    entitlements:
      overrides.entitlements ??
      // Creating templates is rare: read the plan fresh so an upgrade counts at once.
      new BillingEntitlements(new InternalClient(config.INTERNAL_SECRET, SERVICE_NAME), config.BILLING_URL, 0),
  };
  await app.register(templateRoutes, { deps });
  await app.register(internalRoutes, { deps });
  app.addHook('onClose', async () => {
    await db.$client.end();
  });
  return app;
}
