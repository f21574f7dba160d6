// Service-to-service routes about sender accounts (issue 20), called by the accounts service: a sender's usage
// against its limits, and its resume (held emails go at once).
import { Envelope, ErrorBody, SenderResumedBody, SenderUsage, SenderUsageQueryBody } from '@mailwright/contracts';
import { type RoutesPlugin, requireService } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { SendersDeps } from '../senders/deps';
import { releaseHeldEmails } from '../senders/release-held-emails';
import { senderUsage } from '../senders/sender-usage';

const params = Type.Object({ accountId: Type.String({ format: 'uuid' }) });
const errors = { '4xx': ErrorBody, '5xx': ErrorBody };

export const internalSenderRoutes: RoutesPlugin<SendersDeps> = async (app, { deps }) => {
  app.post(
    '/internal/senders/:accountId/usage',
    { schema: { params, body: SenderUsageQueryBody, response: { 200: Envelope(SenderUsage), ...errors } } },
    async (request) => {
      requireService(request);
      return { data: await senderUsage(deps, request.params.accountId, request.body) };
    },
  );

  app.post(
    '/internal/senders/:accountId/resumed',
    {
      schema: {
        params,
        body: SenderResumedBody,
        response: { 200: Envelope(Type.Object({ released: Type.Integer() })), ...errors },
      },
    },
    async (request) => {
      requireService(request);
      return { data: { released: await releaseHeldEmails(deps, request.params.accountId, request.body) } };
    },
  );
};
