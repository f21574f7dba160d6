// The public API's per-key and per-account limits on a service, for the requests the edge's data path (infra/edge)
// forwards without the gateway's limiters: the gateway's edge authorizer puts the key's limits in the internal token
// it signs (InternalClaims.limits), and the service counts them here, after the token is verified, under the same
// Redis keys as the gateway (api-key-rate-limits.ts). Requests whose token carries no limits pass untouched.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { apiKeyLimiters, registerRateLimits } from './api-key-rate-limits';
import type { CallerLimits } from './internal-token';

const limitsOf = (request: FastifyRequest) => request.caller?.limits as CallerLimits;

/** After installInternalAuth (its onRequest hook sets `request.caller`). */
export async function installCallerRateLimits(app: FastifyInstance, redis: Redis, namespace: string): Promise<void> {
  await registerRateLimits(app, redis, namespace);
  const { api, apiAccount } = apiKeyLimiters(app, {
    perMinute: async (request) => limitsOf(request).perMinute,
    accountPerMinute: (request) => limitsOf(request).accountPerMinute,
    apiKeyId: (request) => request.caller?.apiKeyId,
    accountId: (request) => request.caller?.userId,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.caller?.kind !== 'api_key' || !request.caller.limits) return;
    await api(request, reply);
    await apiAccount(request, reply);
  });
}
