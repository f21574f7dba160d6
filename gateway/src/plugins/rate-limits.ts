// Redis-backed rate limits with the standard RateLimit-* headers: per client IP on the sign-in, sign-up,
// reset and code-exchange routes (brute force), per user on change-password (it checks the current password),
// per API key on the public API (the maximum may depend on the key's plan), and per account across its API keys
// (a few keys' worth: without it every key a tenant creates would add a whole plan's allowance). Which route gets
// which: access-rules.ts. The counts live in Redis, shared by every gateway instance (and by the mail service for
// what the edge forwards straight to it: kit's api-key-rate-limits.ts); a busy API key takes them in leases.
import { apiKeyLimiters, type Limiter, rateLimitStore, registerRateLimits } from '@mailwright/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { perRequestOnce } from './per-request-once';

export const CHANGE_PASSWORD_WINDOW_MS = 15 * 60_000;

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
  /** Where the counts live in Redis (kit's rateLimitNamespace). */
  namespace: string,
  limits: {
    authPerMinute: number;
    changePasswordPerWindow: number;
    apiPerMinute: number | ((request: FastifyRequest) => Promise<number>);
    /** An account's API keys together may make this many times one key's requests per minute. */
    apiKeysPerAccount: number;
  },
): Promise<Limiters> {
  const store = rateLimitStore(app, redis, namespace);
  await registerRateLimits(app, store);
  const auth = app.rateLimit({ max: limits.authPerMinute, timeWindow: 60_000, keyGenerator: (request) => `auth:${request.ip}` });
  const changePassword = app.rateLimit({
    max: limits.changePasswordPerWindow,
    timeWindow: CHANGE_PASSWORD_WINDOW_MS,
    // Runs after authentication: the user id is always there; the address is only a fallback.
    keyGenerator: (request) => `password:${request.userId ?? request.ip}`,
  });
  const apiMax = perRequestOnce(limits.apiPerMinute);
  const { api, apiAccount } = apiKeyLimiters(store, {
    perMinute: apiMax,
    accountPerMinute: async (request) => (typeof apiMax === 'number' ? apiMax : await apiMax(request)) * limits.apiKeysPerAccount,
    apiKeyId: (request) => request.apiKeyId,
    accountId: (request) => request.apiKeyUserId,
  });
  return {
    auth: auth as unknown as Limiter,
    changePassword: changePassword as unknown as Limiter,
    api,
    apiAccount,
  };
}
