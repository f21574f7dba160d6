// What the gateway's hooks and routes are given: its configuration, Redis, and the clients of the services it
// asks things of (identity for callers, billing for plans, mail for open hits). Built once per app by
// createGatewayDeps; close() stops their timers and connections.
import { InternalClient } from '@mailwright/kit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { createBillingEntitlements } from './adapters/billing/entitlements';
import { PlanRateLimits } from './adapters/billing/plan-rate-limits';
import { ApiKeyResolver } from './adapters/identity/api-key-resolver';
import { ApiKeyUsageReporter } from './adapters/identity/api-key-usage';
import { RevocationListener } from './adapters/identity/revocation-listener';
import { SessionVersions } from './adapters/identity/session-versions';
import { UserTokenVerifier } from './adapters/identity/user-tokens';
import { OpenHitRelay } from './adapters/mail/open-hit-relay';
import type { GatewayConfig } from './config';
import type { Authenticator } from './plugins/authenticate';
import type { Limiters } from './plugins/rate-limits';

export interface GatewayDeps {
  config: GatewayConfig;
  redis: Redis;
  userTokens: UserTokenVerifier;
  sessionVersions: SessionVersions;
  apiKeys: ApiKeyResolver;
  apiKeyUsage: ApiKeyUsageReporter;
  planLimits: PlanRateLimits;
  openHits: OpenHitRelay;
  close(): Promise<void>;
}

/** What the proxy routes need on top: the request hooks built on the app (authentication, rate limits). */
export interface ProxyDeps extends GatewayDeps {
  authenticate: Authenticator;
  limiters: Limiters;
  /** How long a service may take to start answering, and between two chunks of its answer (routes/forwarder.ts). */
  upstreamTimeoutMs?: number;
}

export async function createGatewayDeps(config: GatewayConfig, log: FastifyBaseLogger): Promise<GatewayDeps> {
  const redis = await connectRedis(config.REDIS_URL, log);
  const internalClient = new InternalClient(config.INTERNAL_SECRET, 'gateway');
  const sessionVersions = new SessionVersions(internalClient, config.IDENTITY_URL, config.SESSION_CACHE_SECONDS * 1000);
  const apiKeys = new ApiKeyResolver(internalClient, config.IDENTITY_URL, config.API_KEY_CACHE_SECONDS * 1000);
  // Identity's revocations keep both caches honest (Redis pub/sub).
  const revocations = new RevocationListener(
    config.REDIS_URL,
    {
      revoke: (revocation) => {
        sessionVersions.revoke(revocation);
        apiKeys.revoke(revocation);
      },
      resync: () => {
        sessionVersions.resync();
        apiKeys.resync();
      },
    },
    log,
  );
  await revocations.start();
  const apiKeyUsage = new ApiKeyUsageReporter(
    (apiKeyIds) =>
      internalClient.call(config.IDENTITY_URL, '/internal/api-keys/usage', { body: { apiKeyIds }, timeoutMs: 5_000 }),
    log,
  );
  const entitlements = createBillingEntitlements(config.INTERNAL_SECRET, config.BILLING_URL, config.PLAN_CACHE_SECONDS * 1000);
  const openHits = new OpenHitRelay(
    (hits) => internalClient.call(config.MAIL_URL, '/internal/tracking/opens', { body: { hits }, timeoutMs: 5_000 }),
    log,
  );
  return {
    config,
    redis,
    userTokens: new UserTokenVerifier(config.IDENTITY_URL),
    sessionVersions,
    apiKeys,
    apiKeyUsage,
    planLimits: new PlanRateLimits(entitlements, config.RATE_LIMIT_API_PLANS, config.RATE_LIMIT_API_MAX),
    openHits,
    async close() {
      revocations.close();
      await apiKeyUsage.close();
      await openHits.close();
      redis.disconnect();
    },
  };
}

/** The rate limits' Redis; they fail open while it is unreachable, so give it a moment to count the first requests. */
async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  // No auto-pipelining: at a few hundred requests a second the rate-limit scripts rarely share a turn of the event
  // loop, and a pipeline per command cost more CPU than it saved (measured: +6 to +22 µs a call, 4 runs of 4).
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', (error) => log.debug({ err: error }, 'redis error'));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 3_000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}
