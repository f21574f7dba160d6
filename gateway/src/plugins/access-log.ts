// One access-log line per request (pino, info, through the gateway's logger): the request id (reqId, as on every
// line about the request), method, the route as a pattern, status, duration, who called (user id or API key id).
// Never a secret: no query string, no token or id path segment, no header value. ACCESS_LOG=false turns it off.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../routes/request-path';

/** Paths whose segments after the prefix are secrets (tracking, unsubscribe, e-mailed links). */
const tokenPrefixes = ['/t/', '/u/', '/api/auth/verify-email/', '/api/auth/reset-password/'];

/** A path segment kept as it is: a lowercase word (a resource or action name), not an id, address or token. */
const namedSegment = /^[a-z][a-z-]{0,31}$/;

/** Probes and scrapes: one line every few seconds per prober would bury the requests that matter. */
const probePaths = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The route a request matched, as a pattern: Fastify's own (`/t/o/:token`) when it has one; for the proxied prefixes
 * (`/api/emails/*`) the path with every segment that is not a plain word replaced by `:id`, and every segment after
 * a secret-bearing prefix by `:token`.
 */
export function routePatternOf(routeUrl: string | undefined, url: string): string {
  if (routeUrl && !routeUrl.includes('*')) return routeUrl;
  const path = pathOf(url);
  const tokenPrefix = tokenPrefixes.find((prefix) => path.startsWith(prefix));
  if (tokenPrefix) {
    const rest = path.slice(tokenPrefix.length).split('/');
    return `${tokenPrefix}${rest.map(() => ':token').join('/')}`;
  }
  return path
    .split('/')
    .map((segment) => (segment === '' || namedSegment.test(segment) ? segment : ':id'))
    .join('/');
}

/** The fields of one access-log line. */
export function accessLogLine(request: FastifyRequest, reply: FastifyReply) {
  return {
    reqId: request.id,
    method: request.method,
    route: routePatternOf(request.routeOptions.url, request.url),
    status: reply.statusCode,
    durationMs: Math.round(reply.elapsedTime * 10) / 10,
    userId: request.userId ?? request.apiKeyUserId,
    apiKeyId: request.apiKeyId,
  };
}

export function installAccessLog(app: FastifyInstance, isEnabled: boolean): void {
  // Below info (LOG_LEVEL=warn and up) the line would be built for nothing on every request.
  if (!isEnabled || !['trace', 'debug', 'info'].includes(app.log.level)) return;
  // The root logger, not request.log: the proxied routes log at warn (routes/proxy.ts), and this line is info. Its
  // child without the redaction paths: the line holds no header, body or token (accessLogLine), so walking it for
  // secrets on every request would find none.
  const log = app.log.child({}, { redact: { paths: [] } });
  app.addHook('onResponse', (request, reply, done) => {
    if (!probePaths.has(pathOf(request.url))) log.info(accessLogLine(request, reply), 'request');
    done();
  });
}
