// Which public routes need which caller (a signed-in user, an API key, or nobody) and which are throttled
// against brute force. Matched once per request, on the normalised path (request-path.ts).
export type Access = 'public' | 'user' | 'api_key';

/** `client-ip`: per client address, before anything else; `user`: per signed-in user, after authentication. */
export type Throttle = 'client-ip' | 'user';

export interface RouteRule {
  access: Access;
  throttle?: Throttle;
}

const publicRoutes: Array<[method: string, pattern: RegExp]> = [
  ['POST', /^\/api\/auth\/(signup|login|forgot-password|exchange)$/],
  ['GET', /^\/api\/auth\/verify-email\/[^/]+$/],
  ['POST', /^\/api\/auth\/reset-password\/[^/]+$/],
  ['GET', /^\/api\/auth\/(google|github|microsoft)(\/callback)?$/],
  ['GET', /^\/api\/email-accounts\/(gmail|outlook)\/(connect|callback)$/],
  ['GET', /^\/api\/payments\/plans$/],
  ['POST', /^\/api\/payments\/webhook$/],
  ['GET', /^\/t\/.+$/],
  ['HEAD', /^\/t\/.+$/],
];

const apiKeyRoutes = /^\/api\/emails\/api(\/|$)/;

/** Sign-in, sign-up, the reset mail and the social sign-in code exchange: guessed at from anywhere. */
const clientIpThrottled = new Set(['/api/auth/login', '/api/auth/signup', '/api/auth/forgot-password', '/api/auth/exchange']);
/** Checks the current password: throttled per user (identity also locks the account after repeated failures). */
const userThrottled = new Set(['/api/auth/change-password']);

export function accessFor(method: string, path: string): Access {
  if (apiKeyRoutes.test(path)) return 'api_key';
  for (const [routeMethod, pattern] of publicRoutes) {
    if (routeMethod === method && pattern.test(path)) return 'public';
  }
  // Unknown /api/auth/<provider> names still reach identity, which answers 404.
  if (method === 'GET' && /^\/api\/auth\/[a-z]+$/.test(path) && path !== '/api/auth/me') return 'public';
  return 'user';
}

function throttleFor(method: string, path: string): Throttle | undefined {
  if (method === 'POST' && clientIpThrottled.has(path)) return 'client-ip';
  if (method === 'PUT' && userThrottled.has(path)) return 'user';
  return undefined;
}

/** The rule for a request; `path` is the normalised path without the query. */
export function routeRuleFor(method: string, path: string): RouteRule {
  return { access: accessFor(method, path), throttle: throttleFor(method, path) };
}
