// Decides who the caller is for every proxied request and prepares the internal token the
// services trust. Caller-supplied internal headers never pass through.
import {
  API_KEY_SCOPE_MESSAGES,
  API_KEY_SCOPES,
  type ApiKeyScope,
  bearerApiKeyRoutes,
  RESEND_MESSAGES,
  type ResolvedApiKey,
} from '@mailwright/contracts';
import { AppError, INTERNAL_TOKEN_HEADER, type InternalClaims, type InternalTokenSigner } from '@mailwright/kit';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyResolver } from '../adapters/identity/api-key-resolver';
import type { SessionVersions } from '../adapters/identity/session-versions';
import type { UserTokenVerifier } from '../adapters/identity/user-tokens';
import { type Access, apiKeyScopeFor } from '../routes/access-rules';
import { pathOf } from '../routes/request-path';

declare module 'fastify' {
  interface FastifyRequest {
    internalToken?: string;
    apiKeyId?: string;
    /** The API key owner's id (per-plan rate limit). */
    apiKeyUserId?: string;
    /** The signed-in user's id (per-user rate limits). */
    userId?: string;
  }
}

/** Authenticates the caller as `access` (the route's rule) demands. */
export type Authenticator = (request: FastifyRequest, access: Access) => Promise<void>;

/** Routes whose clients send the API key as a bearer token (the Resend-compatible API) and read Resend's errors. */
export const isBearerApiKeyRoute = (request: FastifyRequest) => bearerApiKeyRoutes.test(pathOf(request.url));

/** The API key errors, in the words and names Resend's clients expect on the bearer routes. */
const apiKeyErrors = {
  missing: (bearer: boolean) =>
    bearer
      ? new AppError('UNAUTHORIZED', RESEND_MESSAGES.missingApiKey, { details: { name: 'missing_api_key' } })
      : new AppError('UNAUTHORIZED', 'Missing API key: send it in the X-API-Key header'),
  refused: (bearer: boolean, message: string) =>
    bearer
      ? new AppError('UNAUTHORIZED', message, { status: 403, details: { name: 'invalid_api_key' } })
      : new AppError('UNAUTHORIZED', message),
  outOfScope: (bearer: boolean, scope: ApiKeyScope) =>
    new AppError('FORBIDDEN', API_KEY_SCOPE_MESSAGES[scope], bearer ? { details: { name: 'restricted_api_key' } } : {}),
};

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}

/**
 * The active key behind `key`, when it may make a `method` call (its scopes); throws the refusal otherwise. Checked
 * here, where the key is resolved, so no service has to know about scopes.
 */
export async function apiKeyCaller(
  apiKeys: ApiKeyResolver,
  key: unknown,
  method: string,
  bearer: boolean,
): Promise<ResolvedApiKey> {
  if (typeof key !== 'string' || key.length === 0) throw apiKeyErrors.missing(bearer);
  const resolved = await apiKeys.resolve(key);
  if (!resolved) throw apiKeyErrors.refused(bearer, 'Invalid API key');
  if (!resolved.isActive) throw apiKeyErrors.refused(bearer, 'This API key is inactive');
  const scope = apiKeyScopeFor(method);
  if (!(resolved.scopes ?? API_KEY_SCOPES).includes(scope)) throw apiKeyErrors.outOfScope(bearer, scope);
  return resolved;
}

export function createAuthenticator(deps: {
  userTokens: UserTokenVerifier;
  sessionVersions: SessionVersions;
  apiKeys: ApiKeyResolver;
  signer: InternalTokenSigner;
}): Authenticator {
  return async function authenticate(request, access) {
    let claims: InternalClaims;
    if (access === 'api_key') {
      // Resend's SDKs send the key as `Authorization: Bearer <key>`; X-API-Key works there too.
      const bearer = isBearerApiKeyRoute(request);
      const key = (bearer ? bearerToken(request) : undefined) ?? request.headers['x-api-key'];
      const resolved = await apiKeyCaller(deps.apiKeys, key, request.method, bearer);
      request.apiKeyId = resolved.apiKeyId;
      request.apiKeyUserId = resolved.userId;
      claims = { kind: 'api_key', userId: resolved.userId, apiKeyId: resolved.apiKeyId };
    } else {
      const token = bearerToken(request);
      const verified = token ? await deps.userTokens.verify(token) : null;
      // A token from a session that has since ended (password changed or reset, logged out everywhere) is refused.
      const isCurrent = verified !== null && verified.sessionVersion >= (await deps.sessionVersions.current(verified.userId));
      const userId = isCurrent ? verified.userId : null;
      if (access === 'user') {
        if (!token) throw new AppError('UNAUTHORIZED', 'Authentication required');
        if (!userId) throw new AppError('UNAUTHORIZED', 'Invalid or expired token');
      }
      if (userId) request.userId = userId;
      claims = userId ? { kind: 'user', userId } : { kind: 'public' };
    }
    request.internalToken = await deps.signer.tokenFor(claims);
  };
}

/**
 * The headers a proxied request carries to its service: the caller's end-to-end headers (routes/forwarder.ts drops
 * the hop-by-hop ones) minus anything identity-like the caller sent, plus ours.
 */
export function forwardHeaders(
  request: FastifyRequest,
  headers: Record<string, string | string[]>,
): Record<string, string | string[]> {
  const forwarded: Record<string, string | string[]> = {};
  const dropAuthorization = isBearerApiKeyRoute(request);
  for (const name in headers) {
    // Node gives the names lowercased.
    if (name.startsWith('x-mailwright-') || name === 'x-user-id' || name === 'x-api-key') continue;
    // With tracing on, the proxy's own client span adds the trace context the service continues.
    if (name === 'traceparent' || name === 'tracestate') continue;
    // On the bearer routes the Authorization header holds the API key: it goes no further than the gateway.
    if (name === 'authorization' && dropAuthorization) continue;
    forwarded[name] = headers[name] as string | string[];
  }
  if (request.internalToken) forwarded[INTERNAL_TOKEN_HEADER] = request.internalToken;
  forwarded['x-request-id'] = request.id;
  forwarded['x-forwarded-for'] = request.ip;
  return forwarded;
}
