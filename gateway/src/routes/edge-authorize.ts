// The authorizer of the edge's data path (infra/edge): the service an X-API-Key request on a hot route went
// straight to asks it whether the request may stay there (kit's edge-callers.ts), and keeps a yes per key for a
// second. A yes (204) carries the internal token the service will trust, with the key's rate limits in it: the
// service counts them (kit's caller-rate-limits.ts), since the request will not pass through this gateway's
// limiters. Anything else answers 403 without a reason, and the service then hands the request back to nginx, which
// passes it to this gateway whole, which answers it as it answers every request (the exact refusal, a 503 when
// identity is down, or the proxied answer after all).
//
// Only the edge's side may ask: the question carries a secret derived from INTERNAL_SECRET; without it the path is
// unknown.
import {
  EDGE_API_KEY_ID_HEADER,
  EDGE_AUTHORIZE_PATH,
  EDGE_METHOD_HEADER,
  EDGE_SECRET_HEADER,
  EDGE_URI_HEADER,
  edgeSecretCheck,
  INTERNAL_TOKEN_HEADER,
  type InternalTokenSigner,
  type RoutesPlugin,
} from '@mailwright/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayDeps } from '../deps';
import { apiKeyCaller } from '../plugins/authenticate';
import { routeRuleFor } from './access-rules';
import { normaliseUrl, pathOf } from './request-path';

export const edgeAuthorizeRoutes: RoutesPlugin<GatewayDeps & { signer: InternalTokenSigner }> = async (app, { deps }) => {
  const isEdgeSecret = edgeSecretCheck(deps.config.INTERNAL_SECRET);
  const isEdge = (request: FastifyRequest) => isEdgeSecret(request.headers[EDGE_SECRET_HEADER]);

  /** The caller's key and token, with its limits, when the request may take the data path; null sends it to the gateway. */
  const authorize = async (request: FastifyRequest): Promise<{ apiKeyId: string; token: string } | null> => {
    const method = request.headers[EDGE_METHOD_HEADER];
    const uri = request.headers[EDGE_URI_HEADER];
    // The data path takes POSTs only, so that one answer per key holds for all of it (the service keeps it by the key).
    if (method !== 'POST' || typeof uri !== 'string') return null;
    const normalised = normaliseUrl(uri);
    if (normalised.problem !== undefined) return null;
    const rule = routeRuleFor(method, pathOf(normalised.url));
    if (rule.access !== 'api_key' || rule.throttle !== undefined) return null;
    const key = await apiKeyCaller(deps.apiKeys, request.headers['x-api-key'], method, false);
    const perMinute = await deps.planLimits.maxFor(key.userId);
    deps.apiKeyUsage.record(key.apiKeyId);
    const token = await deps.signer.tokenFor({
      kind: 'api_key',
      userId: key.userId,
      apiKeyId: key.apiKeyId,
      limits: { perMinute, accountPerMinute: perMinute * deps.config.RATE_LIMIT_API_KEYS_PER_ACCOUNT },
    });
    return { apiKeyId: key.apiKeyId, token };
  };

  app.get(EDGE_AUTHORIZE_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isEdge(request)) return reply.callNotFound();
    const yes = await authorize(request).catch((error: unknown) => {
      request.log.debug({ err: error }, 'edge authorization refused');
      return null;
    });
    if (yes === null) return reply.status(403).send();
    return reply.header(INTERNAL_TOKEN_HEADER, yes.token).header(EDGE_API_KEY_ID_HEADER, yes.apiKeyId).status(204).send();
  });
};
