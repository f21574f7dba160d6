// The public edge: security headers, rate limits, caller authentication, proxies to the services, the web app.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  InternalClient,
  installErrorHandler,
  installHealth,
  installMetrics,
  loggerOptions,
  processMetrics,
} from '@mailwright/kit';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { Redis } from 'ioredis';
import type { GatewayConfig } from './config';
import { createCallerAuthentication } from './plugins/caller-authentication';
import { refuseAmbiguousPaths, rewriteToNormalisedUrl } from './plugins/normalised-path';
import { PlanRateLimits } from './plugins/plan-rate-limits';
import { createLimiters } from './plugins/rate-limits';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { registerApiReference } from './routes/api-reference';
import { registerOpenPixel } from './routes/open-pixel';
import { registerOpenApi } from './routes/openapi';
import { registerProxies } from './routes/proxy';
import { OpenHitRelay } from './tracking/open-hit-relay';
import { parseTrustProxy } from './trusted-proxies';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const safeRequestId = /^[\w.-]{1,64}$/;

export async function buildApp(config: GatewayConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions('gateway', config.LOG_LEVEL),
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    rewriteUrl: rewriteToNormalisedUrl,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && safeRequestId.test(given) ? given : randomUUID();
    },
  });
  installErrorHandler(app);

  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', (error) => app.log.debug({ err: error }, 'redis error'));
  // Rate limits fail open while Redis is unreachable; give it a moment so the first requests are counted.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 3_000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  app.addHook('onClose', async () => {
    redis.disconnect();
  });

  const internalClient = new InternalClient(config.INTERNAL_SECRET, 'gateway');
  const authenticate = await createCallerAuthentication(app, config, internalClient);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await registerSecurityHeaders(app, config.RAZORPAY_CHECKOUT_URL);
  refuseAmbiguousPaths(app);
  installHealth(app, {
    redis: () => redis.ping(),
    identity: async () => {
      const response = await fetch(`${config.IDENTITY_URL}/healthz`, { signal: AbortSignal.timeout(1500) });
      if (!response.ok) throw new Error(`identity answered ${response.status}`);
    },
  });
  // The gateway's own metrics: on the public port only behind METRICS_TOKEN, else on the internal listener
  // (server.ts, METRICS_PORT). Services' /metrics are never proxied (no upstream prefix reaches them).
  installMetrics(app, {
    metrics: processMetrics('gateway'),
    token: config.METRICS_TOKEN || undefined,
    serveRoute: config.METRICS_TOKEN !== '',
  });
  if (config.METRICS_TOKEN === '') {
    // Not the web app's page either: a scraper pointed here should see plainly that there is nothing to read.
    app.get('/metrics', { logLevel: 'silent' }, async (_request, reply) =>
      reply.status(404).send({ message: 'Route GET /metrics not found', code: 'NOT_FOUND' }),
    );
  }
  const planLimits = new PlanRateLimits(
    internalClient,
    config.BILLING_URL,
    config.RATE_LIMIT_API_PLANS,
    config.RATE_LIMIT_API_MAX,
    config.PLAN_CACHE_SECONDS * 1000,
  );
  const limiters = await createLimiters(app, redis, {
    authPerMinute: config.RATE_LIMIT_AUTH_MAX,
    changePasswordPerWindow: config.RATE_LIMIT_CHANGE_PASSWORD_MAX,
    apiPerMinute: (request) => planLimits.maxFor(request.apiKeyUserId),
  });
  const openHits = new OpenHitRelay(
    (hits) => internalClient.call(config.MAIL_URL, '/internal/tracking/opens', { body: { hits }, timeoutMs: 5_000 }),
    app.log,
  );
  app.addHook('onClose', () => openHits.close());
  registerOpenPixel(app, openHits);
  registerOpenApi(app, config, planLimits);
  await registerApiReference(app);
  await registerProxies(app, config, { authenticate, limiters });
  await registerWebApp(app, config.WEB_DIST || defaultWebDist);
  return app;
}
