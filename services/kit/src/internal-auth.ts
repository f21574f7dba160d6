// Every service request must carry a valid internal token; routes then ask for the kind of caller they need.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { INTERNAL_TOKEN_HEADER, type InternalClaims, verifyInternalToken } from './internal-token';

declare module 'fastify' {
  interface FastifyRequest {
    caller: InternalClaims;
  }
}

const OPEN_PATHS = new Set(['/healthz', '/readyz', '/metrics', '/.well-known/jwks.json', '/openapi.json']);

export function installInternalAuth(app: FastifyInstance, secret: string): void {
  const verified = new Map<string, InternalClaims & { exp: number }>();
  app.decorateRequest('caller', null as unknown as InternalClaims);
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (OPEN_PATHS.has(path)) return;
    const header = request.headers[INTERNAL_TOKEN_HEADER];
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
