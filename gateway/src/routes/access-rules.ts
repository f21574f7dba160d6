// Which public routes need which caller (a signed-in user, an API key, or nobody) and which are throttled
// against brute force, from the platform layout's tables (@mailwright/contracts). Matched once per request, on
// the normalised path (request-path.ts).
import {
  type ApiKeyScope,
  apiKeyRoutes,
  clientIpThrottledRoutes,
  publicRoutes,
  userThrottledRoutes,
} from '@mailwright/contracts';

export type Access = 'public' | 'user' | 'api_key';

/** `client-ip`: per client address, before anything else; `user`: per signed-in user, after authentication. */
export type Throttle = 'client-ip' | 'user';

export interface RouteRule {
  access: Access;
  throttle?: Throttle;
}

export function accessFor(method: string, path: string): Access {
  if (apiKeyRoutes.test(path)) return 'api_key';
  for (const [routeMethod, pattern] of publicRoutes) {
    if (routeMethod === method && pattern.test(path)) return 'public';
  }
  // Unknown /api/auth/<provider> names still reach identity, which answers 404.
  if (method === 'GET' && /^\/api\/auth\/[a-z]+$/.test(path) && path !== '/api/auth/me') return 'public';
  return 'user';
}

/**
 * The scope an API-key call needs: reading answers (GET, HEAD) need `read`; everything else on the API-key routes
 * sends or changes a sent email (send, batch, Resend's cancel and reschedule) and needs `send`.
 */
export function apiKeyScopeFor(method: string): ApiKeyScope {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'send';
}

function throttleFor(method: string, path: string): Throttle | undefined {
  if (method === 'POST' && clientIpThrottledRoutes.has(path)) return 'client-ip';
  if (method === 'PUT' && userThrottledRoutes.has(path)) return 'user';
  return undefined;
}

/** The rule for a request; `path` is the normalised path without the query. */
export function routeRuleFor(method: string, path: string): RouteRule {
  return { access: accessFor(method, path), throttle: throttleFor(method, path) };
}
