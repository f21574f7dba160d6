// Request ids: a caller's X-Request-Id when it is safe to log and forward ([A-Za-z0-9_.-]{1,64}), else a new
// one; returned in the x-request-id header and forwarded to the service (authenticate.ts forwardHeaders).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RawRequestDefaultExpression } from 'fastify';

const safeRequestId = /^[\w.-]{1,64}$/;

/** Fastify's genReqId. */
export function requestIdOf(request: RawRequestDefaultExpression): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && safeRequestId.test(given) ? given : randomUUID();
}

export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
