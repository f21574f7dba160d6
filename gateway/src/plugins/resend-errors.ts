// The gateway's own error answers on the Resend-compatible routes (a missing or invalid key, a rate limit, a body
// too large, an unavailable service) in Resend's `{ statusCode, message, name }`, as the mail service answers there.
// Only answers the gateway wrote itself are JSON text here: a proxied answer is a stream and passes untouched.
import { toResendError } from '@mailwright/contracts';
import type { FastifyInstance } from 'fastify';
import { isBearerApiKeyRoute } from './authenticate';

export function installResendErrorShape(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !isBearerApiKeyRoute(request)) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (typeof body !== 'object' || body === null || ('statusCode' in body && 'name' in body)) return payload;
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(toResendError(reply.statusCode, body as Record<string, unknown>));
  });
}
