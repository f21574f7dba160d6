// Which public routes need which caller: a signed-in user, an API key, or nobody.
export type Access = 'public' | 'user' | 'api_key';

const publicRoutes: Array<[method: string, pattern: RegExp]> = [
  ['POST', /^\/api\/auth\/(signup|login|forgot-password)$/],
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

export function accessFor(method: string, path: string): Access {
  if (apiKeyRoutes.test(path)) return 'api_key';
  for (const [routeMethod, pattern] of publicRoutes) {
    if (routeMethod === method && pattern.test(path)) return 'public';
  }
  // Unknown /api/auth/<provider> names still reach identity, which answers 404.
  if (method === 'GET' && /^\/api\/auth\/[a-z]+$/.test(path) && path !== '/api/auth/me') return 'public';
  return 'user';
}

/** Routes throttled per client IP against brute force. */
export const authThrottledRoutes = ['/api/auth/login', '/api/auth/signup', '/api/auth/forgot-password'];
