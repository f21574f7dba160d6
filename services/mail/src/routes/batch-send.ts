// POST /emails/api/batch (X-API-Key): up to 100 emails; 207 Multi-Status with one result per email.
import { BatchSendBody, BatchSendResponse, ErrorBody, MAIL_LIMITS } from '@mailwright/contracts';
import { AppError, type RoutesPlugin, requireUserId } from '@mailwright/kit';
import { batchSend } from '../sending/batch-send';
import type { SendingDeps } from '../sending/deps';
import { requestHash } from '../sending/request-hash';
import { idempotencyKeyOf } from './send';

export const batchSendRoutes: RoutesPlugin<SendingDeps> = async (app, { deps }) => {
  app.post(
    '/emails/api/batch',
    {
      schema: {
        tags: ['Emails'],
        summary: 'Send up to 100 emails in one call',
        description:
          'Each email is validated on its own (same fields as POST /api/emails/api/send, attachments included). ' +
          'The valid ones are accepted together: their quota is taken for all of them or none (429 QUOTA_EXCEEDED, ' +
          `nothing stored). Together the emails hold at most ${MAIL_LIMITS.batchContentMaxChars.toLocaleString('en-US')} characters (subjects, bodies and texts, ` +
          'templates filled in); from the first email past that on, each is rejected with PAYLOAD_TOO_LARGE. ' +
          'The answer is 207 Multi-Status with one entry per email, in order: ' +
          "`{ index, status: 'accepted', id, data }` or `{ index, status: 'rejected', error: { message, code } }`.",
        body: BatchSendBody,
        response: { 207: BatchSendResponse, '4xx': ErrorBody, '5xx': ErrorBody },
      },
    },
    async (request, reply) => {
      if (request.caller?.kind !== 'api_key') {
        throw new AppError('UNAUTHORIZED', 'An API key is required: send it in the X-API-Key header');
      }
      // An Idempotency-Key covers the whole batch: a retry with the same emails answers the first batch's results.
      const key = idempotencyKeyOf(request);
      const idempotency = key ? { key, bodyHash: requestHash('api-batch', request.body.emails) } : null;
      const result = await batchSend(deps, requireUserId(request), request.caller.apiKeyId ?? null, request.body.emails, {
        requestId: request.id,
        idempotency,
      });
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      const { data, accepted, rejected } = result;
      return reply.status(207).send({ data, accepted, rejected });
    },
  );
};
