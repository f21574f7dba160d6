// POST /emails/send (signed-in user) and POST /emails/api/send (X-API-Key, resolved by the gateway).

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EmailLog, Envelope, ErrorBody, MAIL_MESSAGES, SendEmailBody } from '@mailwright/contracts';
import { AppError, requireUserId } from '@mailwright/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendEmail } from '../sending/send-email';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

const schema = {
  body: SendEmailBody,
  response: { 200: Envelope(EmailLog), 201: Envelope(EmailLog), '4xx': ErrorBody, '5xx': ErrorBody },
};

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.idempotencyKeyInvalid);
  }
  return header;
}

export function sendRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  const handle = async (request: FastifyRequest, body: SendEmailBody, reply: FastifyReply, route: string) => {
    const userId = requireUserId(request);
    const result = await sendEmail(app.mail, {
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

  typed.post('/emails/send', { schema }, (request, reply) => handle(request, request.body, reply, 'send'));

  typed.post('/emails/api/send', { schema }, (request, reply) => {
    if (request.caller?.kind !== 'api_key') {
      throw new AppError('UNAUTHORIZED', 'An API key is required: send it in the X-API-Key header');
    }
    return handle(request, request.body, reply, 'api-send');
  });
}
