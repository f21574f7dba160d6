// One route pair per upstream prefix (the platform layout's route table): throttle, authenticate, hold the body
// limit, forward (forwarder.ts). The bodies are not parsed here: every content type passes through as a stream.
import type { Readable } from 'node:stream';
import { AppError, type RoutesPlugin } from '@mailwright/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProxyDeps } from '../deps';
import { forwardHeaders } from '../plugins/authenticate';
import { routeRuleFor } from './access-rules';
import { bodyTooLarge, holdBodyLimit, wasCutOff } from './body-limit';
import { endToEndHeaders, Upstream, type UpstreamFailure, WHOLE_BODY_BYTES } from './forwarder';
import { pathOf } from './request-path';
import { upstreams } from './upstreams';

const methods = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'];

/** The gateway's own answer when the service failed before answering. */
export function failureAnswer(service: string, failure: UpstreamFailure, limit: number): AppError {
  switch (failure) {
    case 'body-cut-off':
      return bodyTooLarge(limit);
    case 'timeout':
      return new AppError('SERVICE_UNAVAILABLE', `The ${service} service did not answer in time. Please try again.`, {
        status: 504,
      });
    case 'unreachable':
      return new AppError('SERVICE_UNAVAILABLE', `The ${service} service is unavailable right now. Please try again shortly.`);
    case 'broken':
      return new AppError('BAD_GATEWAY', `The ${service} service gave an answer that is not HTTP. Please try again.`);
  }
}

/** Reads a small declared body whole, so it leaves with the request head in one write. */
function readWhole(stream: Readable, done: (error: Error | null, body?: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  stream.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
  });
  stream.once('end', () => done(null, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)));
  stream.once('error', (error) => done(error));
}

export const proxyRoutes: RoutesPlugin<ProxyDeps> = async (app, { deps }) => {
  const { config, authenticate, limiters } = deps;
  // Bodies stream through untouched, whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  // Per-request proxy chatter stays below warn; a quieter process level still wins.
  const logLevel = (['fatal', 'error', 'silent'] as const).find((level) => level === config.LOG_LEVEL) ?? 'warn';

  for (const route of upstreams) {
    const upstream = new Upstream({
      origin: route.url(config),
      prefix: route.prefix,
      rewritePrefix: route.rewritePrefix,
      headersTimeoutMs: deps.upstreamTimeoutMs,
      bodyTimeoutMs: deps.upstreamTimeoutMs,
    });
    app.addHook('onClose', () => upstream.close());

    const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      holdBodyLimit(request, route.bodyLimit);
      // request.url is already normalised (plugins/normalised-path.ts): the rule is the one the service will serve.
      const rule = routeRuleFor(request.method, pathOf(request.url));
      if (rule.throttle === 'client-ip') await limiters.auth(request, reply);
      if (reply.sent) return;
      await authenticate(request, rule.access);
      if (rule.throttle === 'user') await limiters.changePassword(request, reply);
      // A route's own throttle, when it has one, is the one limit its requests count against (as it was when the
      // API-key limits were @fastify/rate-limit handlers too, of which a request ran the first only).
      if (request.apiKeyId && rule.throttle === undefined) {
        await limiters.api(request, reply);
        await limiters.apiAccount(request, reply);
      }
    };

    const forward = (request: FastifyRequest, reply: FastifyReply, body: Buffer | Readable | null) =>
      upstream.forward({
        request,
        reply,
        headers: forwardHeaders(request, endToEndHeaders(request.headers)),
        body,
        wasCutOff: () => wasCutOff(request),
        onFailure: (failure, error) => {
          if (failure !== 'body-cut-off') reply.log.warn({ err: error, service: route.service }, 'upstream failed');
          // Sent as it is, not thrown: the error handler would hide a 5xx's message.
          const { statusCode, message, code } = failureAnswer(route.service, failure, route.bodyLimit);
          reply.status(statusCode).send({ message, code });
        },
      });

    // Not async: the answer is written by the forwarder (or sent through the reply when the service failed).
    const handler = (request: FastifyRequest, reply: FastifyReply) => {
      const body = request.body as Readable | undefined;
      if (!body || typeof body.pipe !== 'function') return forward(request, reply, null);
      const declared = request.headers['content-length'];
      if (declared === undefined || Number(declared) > WHOLE_BODY_BYTES) return forward(request, reply, body);
      readWhole(body, (error, whole) => {
        if (error) {
          request.log.debug({ err: error }, 'request body stream ended early');
          return;
        }
        forward(request, reply, whole ?? null);
      });
    };

    for (const url of [route.prefix, `${route.prefix}/*`]) {
      app.route({ method: methods, url, logLevel, preHandler, handler });
    }
  }
};
