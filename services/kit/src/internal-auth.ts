// Every service request must carry a valid internal token; routes then ask for the kind of caller they need. A
// service on the edge's data path also takes a request the edge forwarded with an API key, and gets the token for
// the key from the gateway (edge-callers.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  EDGE_API_KEY_ID_HEADER,
  EDGE_METHOD_HEADER,
  EDGE_SECRET_HEADER,
  EDGE_TO_GATEWAY,
  EDGE_URI_HEADER,
  type EdgeAuthorization,
  type EdgeAuthorizer,
} from './edge-callers';
import { AppError } from './errors';
import { INTERNAL_TOKEN_HEADER, type InternalClaims, verifyInternalToken } from './internal-token';

declare module 'fastify' {
  interface FastifyRequest {
    caller: InternalClaims;
  }
}

const OPEN_PATHS = new Set(['/healthz', '/readyz', '/metrics', '/.well-known/jwks.json', '/openapi.json']);

/** The edge's question about the request's key; null when the request carries none. */
async function edgeAuthorization(edge: EdgeAuthorizer, request: FastifyRequest): Promise<EdgeAuthorization | null> {
  const { headers } = request;
  const apiKey = headers['x-api-key'];
  const method = headers[EDGE_METHOD_HEADER];
  const uri = headers[EDGE_URI_HEADER];
  if (typeof apiKey !== 'string' || typeof method !== 'string' || typeof uri !== 'string') return null;
  return edge.authorize({ apiKey, method, uri });
}

/** Hands the request back to the edge, which passes it whole to the gateway; what is answered here is dropped. */
const toGateway = (reply: FastifyReply) => reply.header('x-accel-redirect', EDGE_TO_GATEWAY).code(204).send();

/** edge: set on a service the edge forwards requests to (the mail service). */
export function installInternalAuth(app: FastifyInstance, secret: string, edge?: EdgeAuthorizer): void {
  const verified = new Map<string, InternalClaims & { exp: number }>();
  app.decorateRequest('caller', null as unknown as InternalClaims);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (OPEN_PATHS.has(path)) return;
    let header = request.headers[INTERNAL_TOKEN_HEADER];
    if (typeof header !== 'string' && edge?.isFromEdge(request.headers[EDGE_SECRET_HEADER])) {
      const yes = await edgeAuthorization(edge, request);
      if (yes === null) return toGateway(reply);
      reply.header(EDGE_API_KEY_ID_HEADER, yes.apiKeyId);
      header = yes.token;
    }
    if (typeof header !== 'string') throw new AppError('UNAUTHORIZED', 'Missing internal token');
    const cached = verified.get(header);
    if (cached && cached.exp * 1000 > Date.now()) {
      request.caller = cached;
      return;
    }
    try {
      const claims = await verifyInternalToken(secret, header);
      if (verified.size > 10_000) verified.clear();
      verified.set(header, claims);
      request.caller = claims;
    } catch {
      throw new AppError('UNAUTHORIZED', 'Invalid internal token');
    }
  });
}

/** The signed-in user (by JWT or API key) behind this request; 401 when there is none. */
export function requireUserId(request: FastifyRequest): string {
  const { caller } = request;
  if ((caller?.kind === 'user' || caller?.kind === 'api_key') && caller.userId) return caller.userId;
  throw new AppError('UNAUTHORIZED', 'Authentication required');
}

/** For /internal/* routes: only other services may call them. */
export function requireService(request: FastifyRequest): string {
  const { caller } = request;
  if (caller?.kind === 'service' && caller.service) return caller.service;
  throw new AppError('FORBIDDEN', 'Internal route');
}
