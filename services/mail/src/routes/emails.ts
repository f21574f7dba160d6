// The email log: GET /emails, GET /emails/:id, DELETE /emails/:id/cancel, GET /emails/analytics/stats.

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
import { coerceQuery, type RoutesPlugin, requireUserId } from '@mailwright/kit';
import { cancelEmail } from '../emails/cancel-email';
import type { EmailLogDeps } from '../emails/deps';
import { emailStats } from '../emails/email-stats';
import { getEmail } from '../emails/get-email';
import { listEmails } from '../emails/list-emails';

const errors = { '4xx': ErrorBody, '5xx': ErrorBody };

export const emailRoutes: RoutesPlugin<EmailLogDeps> = async (app, { deps }) => {
  app.get(
    '/emails',
    {
      preValidation: coerceQuery(ListEmailsQuery),
      schema: { querystring: ListEmailsQuery, response: { 200: EmailListResponse, ...errors } },
    },
    (request) => listEmails(deps, requireUserId(request), request.query),
  );

  app.get(
    '/emails/analytics/stats',
    {
      preValidation: coerceQuery(StatsQuery),
      schema: { querystring: StatsQuery, response: { 200: Envelope(EmailStats), ...errors } },
    },
    async (request) => ({ data: await emailStats(deps, requireUserId(request), request.query) }),
  );

  app.get('/emails/:id', { schema: { params: IdParams, response: { 200: Envelope(EmailLog), ...errors } } }, async (request) => ({
    data: await getEmail(deps, requireUserId(request), request.params.id),
  }));

  app.delete(
    '/emails/:id/cancel',
    { schema: { params: IdParams, response: { 200: Envelope(EmailLog), ...errors } } },
    async (request) => ({ data: await cancelEmail(deps, requireUserId(request), request.params.id) }),
  );
};
