// The public API's rate limits per API key and per account across its keys, with the standard RateLimit-* headers,
// counted in Redis under one namespace by whoever holds the request: the gateway for what it proxies
// (gateway/src/plugins/rate-limits.ts), the mail service for what the edge's data path forwarded to it straight
// (caller-rate-limits.ts). Both count under the same keys, so a key's requests on either path share one allowance.
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './errors';
import { LeasedRateLimitStore } from './leased-rate-limit-store';

export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Where an installation's counts live in Redis. */
export const rateLimitNamespace = (queuePrefix: string) => `${queuePrefix}:ratelimit:`;

/**
 * Registers @fastify/rate-limit (no global limit: each caller of `app.rateLimit` picks its routes) on one leased
 * Redis store, with the platform's 429 answer.
 */
export async function registerRateLimits(app: FastifyInstance, redis: Redis, namespace: string): Promise<void> {
  const store = new LeasedRateLimitStore(redis, namespace);
  app.addHook('onClose', async () => store.close());
  await app.register(rateLimit, {
    global: false,
    // A class the plugin instantiates; every instance is this one store.
    store: function SharedStore() {
      return store;
    } as unknown as FastifyRateLimitStoreCtor,
    enableDraftSpec: true,
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      code: 'RATE_LIMITED',
    }),
  });
}

export interface ApiKeyLimits {
  /** The key's requests per minute. */
  perMinute: number | ((request: FastifyRequest) => Promise<number>);
  /** Its account's keys' requests per minute together. */
  accountPerMinute: (request: FastifyRequest) => number | Promise<number>;
  apiKeyId: (request: FastifyRequest) => string | undefined;
  accountId: (request: FastifyRequest) => string | undefined;
}

/** The per-key limiter and, after it, the account's; on an app where registerRateLimits ran. */
export function apiKeyLimiters(app: FastifyInstance, limits: ApiKeyLimits): { api: Limiter; apiAccount: Limiter } {
  const api = app.rateLimit({
    max: limits.perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `api:${limits.apiKeyId(request) ?? request.ip}`,
  });
  // Counted with createRateLimit, not a second rateLimit handler: the plugin runs one handler per request (the
  // others return at once), and the RateLimit-* headers stay the key's own until the account's limit refuses.
  const accountCount = app.createRateLimit({
    max: async (request) => limits.accountPerMinute(request),
    timeWindow: 60_000,
    skipOnError: true,
    keyGenerator: (request) => `api-account:${limits.accountId(request) ?? request.ip}`,
  });
  const apiAccount: Limiter = async (request, reply) => {
    const counted = await accountCount(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    reply.header('ratelimit-limit', counted.max);
    reply.header('ratelimit-remaining', 0);
    reply.header('ratelimit-reset', counted.ttlInSeconds);
    reply.header('retry-after', counted.ttlInSeconds);
    throw new AppError(
      'RATE_LIMITED',
      `Too many requests from this account's API keys together. Try again in ${counted.ttlInSeconds} seconds.`,
    );
  };
  return { api: api as unknown as Limiter, apiAccount };
}
