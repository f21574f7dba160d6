// The SMTP intake's two calls (services/smtp-intake): whether an API key's owner may send as an address (MAIL FROM),
// and accepting a submitted message through the API's accept path.
import {
  AcceptedSmtpMessage,
  AcceptSmtpMessageBody,
  CheckSmtpSenderBody,
  Envelope,
  ErrorBody,
  SMTP_INTAKE_LIMITS,
  SmtpSender,
} from '@mailwright/contracts';
import { type RoutesPlugin, requireService } from '@mailwright/kit';
import type { SendingDeps } from '../sending/deps';
import { acceptSmtpMessage } from '../sending/smtp/accept-smtp-message';
import { resolveSmtpSender } from '../sending/smtp/smtp-sender';

/** The message travels base64 in JSON: a third larger than the message limit, and some room for the rest. */
const MESSAGE_BODY_LIMIT = Math.ceil((SMTP_INTAKE_LIMITS.messageMaxBytes * 4) / 3) + 64 * 1024;

export const internalSmtpRoutes: RoutesPlugin<SendingDeps> = async (app, { deps }) => {
  app.post(
    '/internal/smtp/senders',
    { schema: { body: CheckSmtpSenderBody, response: { 200: Envelope(SmtpSender), '4xx': ErrorBody, '5xx': ErrorBody } } },
    async (request) => {
      requireService(request);
      const { kind, id, email } = await resolveSmtpSender(deps, request.body.userId, request.body.address, request.id);
      return { data: { kind, id, email } };
    },
  );

  app.post(
    '/internal/smtp/messages',
    {
      bodyLimit: MESSAGE_BODY_LIMIT,
      schema: {
        body: AcceptSmtpMessageBody,
        response: { 200: Envelope(AcceptedSmtpMessage), 201: Envelope(AcceptedSmtpMessage), '4xx': ErrorBody, '5xx': ErrorBody },
      },
    },
    async (request, reply) => {
      requireService(request);
      const accepted = await acceptSmtpMessage(deps, request.body);
      return reply.status(accepted.statusCode).send({ data: accepted.data });
    },
  );
};
