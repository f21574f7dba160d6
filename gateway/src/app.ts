// The public edge: builds the deps, installs the request hooks (security headers, paths, health, metrics, rate
// limits, caller authentication) and registers the route plugins (open pixel, API description and reference, the
// authorizer of nginx's data path when nginx fronts it, proxies to the services, the web app).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InternalTokenSigner, installErrorHandler, loggerOptions, rateLimitNamespace } from '@mailwright/kit';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { GatewayConfig } from './config';
import { createGatewayDeps } from './deps';
import { installAccessLog } from './plugins/access-log';
import { recordApiKeyUsage } from './plugins/api-key-usage';
import { createAuthenticator } from './plugins/authenticate';
import { installGatewayHealth } from './plugins/health';
import { batchedLogDestination, type LogDestination } from './plugins/log-destination';
import { installGatewayMetrics } from './plugins/metrics';
import { refuseAmbiguousPaths, rewriteToNormalisedUrl } from './plugins/normalised-path';
import { createLimiters } from './plugins/rate-limits';
import { echoRequestId, requestIdOf } from './plugins/request-id';
import { installResendErrorShape } from './plugins/resend-errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { parseTrustProxy } from './plugins/trusted-proxies';
import { apiReferenceRoutes } from './routes/api-reference';
import { edgeAuthorizeRoutes } from './routes/edge-authorize';
import { openPixelRoutes } from './routes/open-pixel';
import { openApiRoutes } from './routes/openapi';
import { proxyRoutes } from './routes/proxy';
import { webAppRoutes } from './routes/web-app';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * `logStream`: where log lines go instead of stdout (tests read the access log); `upstreamTimeoutMs`: how long a
 * service may take to start answering (and between two chunks of its answer) before the gateway answers 504.
 */
export async function buildApp(
  config: GatewayConfig,
  options: { logStream?: { write(line: string): void }; upstreamTimeoutMs?: number } = {},
): Promise<FastifyInstance> {
  const batched = options.logStream ? null : batchedLogDestination();
  const app = Fastify({
    logger: { ...loggerOptions('gateway', config.LOG_LEVEL), stream: options.logStream ?? (batched as LogDestination) },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    rewriteUrl: rewriteToNormalisedUrl,
    genReqId: requestIdOf,
  });
  installErrorHandler(app);

  const deps = await createGatewayDeps(config, app.log);
  app.addHook('onClose', () => deps.close());
  if (batched) app.addHook('onClose', async () => batched.close());
  recordApiKeyUsage(app, deps.apiKeyUsage);
  const signer = new InternalTokenSigner(config.INTERNAL_SECRET);
  const authenticate = createAuthenticator({
    userTokens: deps.userTokens,
    sessionVersions: deps.sessionVersions,
    apiKeys: deps.apiKeys,
    signer,
  });

  echoRequestId(app);
  installAccessLog(app, config.ACCESS_LOG);
  installResendErrorShape(app);
  await registerSecurityHeaders(app, config.RAZORPAY_CHECKOUT_URL);
  refuseAmbiguousPaths(app);
  installGatewayHealth(app, deps);
  installGatewayMetrics(app, config.METRICS_TOKEN);
  const limiters = await createLimiters(app, deps.redis, rateLimitNamespace(config.QUEUE_PREFIX), {
    authPerMinute: config.RATE_LIMIT_AUTH_MAX,
    changePasswordPerWindow: config.RATE_LIMIT_CHANGE_PASSWORD_MAX,
    apiPerMinute: (request) => deps.planLimits.maxFor(request.apiKeyUserId),
    apiKeysPerAccount: config.RATE_LIMIT_API_KEYS_PER_ACCOUNT,
  });

  await app.register(openPixelRoutes, { deps });
  await app.register(openApiRoutes, { deps });
  await app.register(edgeAuthorizeRoutes, { deps: { ...deps, signer } });
  await app.register(apiReferenceRoutes, { deps: undefined });
  await app.register(proxyRoutes, {
    deps: { ...deps, authenticate, limiters, upstreamTimeoutMs: options.upstreamTimeoutMs },
  });
  await app.register(webAppRoutes, { deps: { distDir: config.WEB_DIST || defaultWebDist } });
  return app;
}
