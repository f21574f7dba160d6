// One @fastify/http-proxy registration per upstream prefix (the platform layout's route table): throttle,
// authenticate, forward.
import httpProxy from '@fastify/http-proxy';
import type { RoutesPlugin } from '@mailwright/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProxyDeps } from '../deps';
import { forwardHeaders } from '../plugins/authenticate';
import { routeRuleFor } from './access-rules';
import { bodyTooLarge, holdBodyLimit, wasCutOff } from './body-limit';
import { pathOf } from './request-path';
import { upstreams } from './upstreams';

export const proxyRoutes: RoutesPlugin<ProxyDeps> = async (app, { deps }) => {
  const { config, authenticate, limiters } = deps;
  for (const upstream of upstreams) {
    await app.register(httpProxy, {
      upstream: upstream.url(config),
      prefix: upstream.prefix,
      rewritePrefix: upstream.rewritePrefix,
      // Per-request proxy chatter stays below warn; a quieter process level still wins.
      logLevel: (['fatal', 'error', 'silent'] as const).find((level) => level === config.LOG_LEVEL) ?? 'warn',
      undici: { connections: 64, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: 30_000, bodyTimeout: 60_000 },
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        holdBodyLimit(request, upstream.bodyLimit);
        // request.url is already normalised (plugins/normalised-path.ts): the rule is the one the service will serve.
        const rule = routeRuleFor(request.method, pathOf(request.url));
        if (rule.throttle === 'client-ip') await limiters.auth(request, reply);
        if (reply.sent) return;
        await authenticate(request, rule.access);
        if (rule.throttle === 'user') await limiters.changePassword(request, reply);
        if (request.apiKeyId) await limiters.api(request, reply);
      },
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => forwardHeaders(request as FastifyRequest, headers) as typeof headers,
        onError: (reply, { error }) => {
          if (wasCutOff(reply.request as FastifyRequest)) {
            const { statusCode, message, code } = bodyTooLarge(upstream.bodyLimit);
            return reply.status(statusCode).send({ message, code });
          }
          const timedOut = (error as { statusCode?: number }).statusCode === 504;
          reply.log.warn({ err: error, service: upstream.service }, 'upstream failed');
          return reply.status(timedOut ? 504 : 503).send({
            message: timedOut
              ? `The ${upstream.service} service did not answer in time. Please try again.`
              : `The ${upstream.service} service is unavailable right now. Please try again shortly.`,
            code: 'SERVICE_UNAVAILABLE',
          });
        },
      },
    });
  }
};
