// Redis-backed rate limits with the standard RateLimit-* headers: per client IP on the sign-in, sign-up,
// reset and code-exchange routes (brute force), per user on change-password (it checks the current password),
// per API key on the public API (the maximum may depend on the key's plan), and per account across its API keys
// (a few keys' worth: without it every key a tenant creates would add a whole plan's allowance). Which route gets
// which: access-rules.ts. The counts live in Redis, shared by every gateway instance; a busy API key takes them in
// leases.
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { AppError, LeasedRateLimitStore } from '@mailwright/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { perRequestOnce } from './per-request-once';

export const CHANGE_PASSWORD_WINDOW_MS = 15 * 60_000;

export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Limiters {
  auth: Limiter;
  changePassword: Limiter;
  api: Limiter;
  /** After `api`: the account's keys together. */
  apiAccount: Limiter;
}

export async function createLimiters(
  app: FastifyInstance,
  redis: Redis,
  /** Where the counts live in Redis (`<QUEUE_PREFIX>:ratelimit:`). */
  namespace: string,
  limits: {
    authPerMinute: number;
    changePasswordPerWindow: number;
    apiPerMinute: number | ((request: FastifyRequest) => Promise<number>);
    /** An account's API keys together may make this many times one key's requests per minute. */
    apiKeysPerAccount: number;
  },
): Promise<Limiters> {
  const store = new LeasedRateLimitStore(redis, namespace);
  app.addHook('onClose', async () => store.close());
  await app.register(rateLimit, {
    global: false,
    // A class the plugin instantiates; every instance is this one store (kit's leased-rate-limit-store.ts).
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
  const auth = app.rateLimit({ max: limits.authPerMinute, timeWindow: 60_000, keyGenerator: (request) => `auth:${request.ip}` });
  const changePassword = app.rateLimit({
    max: limits.changePasswordPerWindow,
    timeWindow: CHANGE_PASSWORD_WINDOW_MS,
    // Runs after authentication: the user id is always there; the address is only a fallback.
    keyGenerator: (request) => `password:${request.userId ?? request.ip}`,
  });
  const apiMax = perRequestOnce(limits.apiPerMinute);
  const api = app.rateLimit({
    max: apiMax,
    timeWindow: 60_000,
    keyGenerator: (request) => `api:${request.apiKeyId ?? request.ip}`,
  });
  // Counted with createRateLimit, not a second rateLimit handler: the plugin runs one handler per request (the
  // others return at once), and the RateLimit-* headers stay the key's own until the account's limit refuses.
  const accountCount = app.createRateLimit({
    max: async (request) => (typeof apiMax === 'number' ? apiMax : await apiMax(request)) * limits.apiKeysPerAccount,
    timeWindow: 60_000,
    skipOnError: true,
    keyGenerator: (request) => `api-account:${request.apiKeyUserId ?? request.ip}`,
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
  return {
    auth: auth as unknown as Limiter,
    changePassword: changePassword as unknown as Limiter,
    api: api as unknown as Limiter,
    apiAccount,
  };
}
