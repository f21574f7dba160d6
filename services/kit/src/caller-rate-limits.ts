// The public API's per-key and per-account limits on a service, for the requests the edge's data path (infra/edge)
// forwards without the gateway's limiters: the gateway's edge authorizer puts the key's limits in the internal token
// it signs (InternalClaims.limits), and the service counts them here, after the token is verified, under the same
// Redis keys as the gateway (api-key-rate-limits.ts). Requests whose token carries no limits pass untouched.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { apiKeyLimiters, rateLimitStore } from './api-key-rate-limits';
import type { CallerLimits } from './internal-token';

const limitsOf = (request: FastifyRequest) => request.caller?.limits as CallerLimits;

/** After installInternalAuth (its onRequest hook sets `request.caller`). */
export function installCallerRateLimits(app: FastifyInstance, redis: Redis, namespace: string): void {
  const { api, apiAccount } = apiKeyLimiters(rateLimitStore(app, redis, namespace), {
    perMinute: (request) => limitsOf(request).perMinute,
    accountPerMinute: (request) => limitsOf(request).accountPerMinute,
    apiKeyId: (request) => request.caller?.apiKeyId,
    accountId: (request) => request.caller?.userId,
  });
  // A callback hook: a request counted from the leases passes without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.caller?.kind !== 'api_key' || !request.caller.limits) return done();
    let counting: void | Promise<void>;
    try {
      const keyCounted = api(request, reply);
      counting = keyCounted instanceof Promise ? keyCounted.then(() => apiAccount(request, reply)) : apiAccount(request, reply);
    } catch (error) {
      return done(error as Error);
    }
    if (counting instanceof Promise) counting.then(() => done(), done);
    else done();
  });
}
