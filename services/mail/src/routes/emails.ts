// The email log: GET /emails, GET /emails/:id, DELETE /emails/:id/cancel, GET /emails/analytics/stats.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  EmailListResponse,
  EmailLog,
  EmailStats,
  Envelope,
  ErrorBody,
  IdParams,
  ListEmailsQuery,
  StatsQuery,
} from '@mailwright/contracts';
import { coerceQuery, requireUserId } from '@mailwright/kit';
import type { FastifyInstance } from 'fastify';
import { cancelEmail } from '../emails/cancel-email';
import { emailStats } from '../emails/email-stats';
import { getEmail } from '../emails/get-email';
import { listEmails } from '../emails/list-emails';

const errors = { '4xx': ErrorBody, '5xx': ErrorBody };

export function emailRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  typed.get(
    '/emails',
    {
      preValidation: coerceQuery(ListEmailsQuery),
      schema: { querystring: ListEmailsQuery, response: { 200: EmailListResponse, ...errors } },
    },
    (request) => listEmails(app.mail, requireUserId(request), request.query),
  );

  typed.get(
    '/emails/analytics/stats',
    {
      preValidation: coerceQuery(StatsQuery),
      schema: { querystring: StatsQuery, response: { 200: Envelope(EmailStats), ...errors } },
    },
    async (request) => ({ data: await emailStats(app.mail, requireUserId(request), request.query) }),
  );

  typed.get(
    '/emails/:id',
    { schema: { params: IdParams, response: { 200: Envelope(EmailLog), ...errors } } },
    async (request) => ({
      data: await getEmail(app.mail, requireUserId(request), request.params.id),
    }),
  );

  typed.delete(
    '/emails/:id/cancel',
    { schema: { params: IdParams, response: { 200: Envelope(EmailLog), ...errors } } },
    async (request) => ({ data: await cancelEmail(app.mail, requireUserId(request), request.params.id) }),
  );
}
