// Redis-backed rate limits with the standard RateLimit-* headers: per client IP on the sign-in, sign-up,
// reset and code-exchange routes (brute force), per user on change-password (it checks the current password),
// per API key on the public API (the maximum may depend on the key's plan). Which route gets which: access-rules.ts.
// The counts live in Redis, shared by every gateway instance; a busy API key takes them in leases.
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { LeasedRateLimitStore } from './leased-rate-limit-store';

export const CHANGE_PASSWORD_WINDOW_MS = 15 * 60_000;

export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Limiters {
  auth: Limiter;
  changePassword: Limiter;
  api: Limiter;
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
  },
): Promise<Limiters> {
  const store = new LeasedRateLimitStore(redis, namespace);
  app.addHook('onClose', async () => store.close());
  await app.register(rateLimit, {
    global: false,
    // A class the plugin instantiates; every instance is this one store (leased-rate-limit-store.ts).
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
  const apiMax = limits.apiPerMinute;
  const api = app.rateLimit({
    max: typeof apiMax === 'number' ? apiMax : (request: FastifyRequest) => apiMax(request),
    timeWindow: 60_000,
    keyGenerator: (request) => `api:${request.apiKeyId ?? request.ip}`,
  });
  return {
    auth: auth as unknown as Limiter,
    changePassword: changePassword as unknown as Limiter,
    api: api as unknown as Limiter,
  };
}
