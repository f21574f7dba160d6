// POST /emails/send (signed-in user) and POST /emails/api/send (X-API-Key, resolved by the gateway).

import { EmailLog, Envelope, ErrorBody, MAIL_MESSAGES, SendEmailBody } from '@mailwright/contracts';
import { AppError, type RoutesPlugin, requireUserId } from '@mailwright/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SendingDeps } from '../sending/deps';
import { sendEmail } from '../sending/send-email';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

const schema = {
  body: SendEmailBody,
  response: { 200: Envelope(EmailLog), 201: Envelope(EmailLog), '4xx': ErrorBody, '5xx': ErrorBody },
};

/** The Idempotency-Key header, or null; 400 when it is not 1 to 255 printable characters. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.idempotencyKeyInvalid);
  }
  return header;
}

export const sendRoutes: RoutesPlugin<SendingDeps> = async (app, { deps }) => {
  const handle = async (request: FastifyRequest, body: SendEmailBody, reply: FastifyReply, route: string) => {
    const userId = requireUserId(request);
    const result = await sendEmail(deps, {
      userId,
      callerKind: request.caller.kind,
      apiKeyId: request.caller.apiKeyId ?? null,
      route,
      body,
      idempotencyKey: idempotencyKeyOf(request),
      requestId: request.id,
    });
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(result.statusCode).send({ data: result.email });
  };

  app.post('/emails/send', { schema }, (request, reply) => handle(request, request.body, reply, 'send'));

  app.post('/emails/api/send', { schema }, (request, reply) => {
    if (request.caller?.kind !== 'api_key') {
      throw new AppError('UNAUTHORIZED', 'An API key is required: send it in the X-API-Key header');
    }
    return handle(request, request.body, reply, 'api-send');
  });
};
