// The email log: GET /emails, GET /emails/export.csv (streamed, the list's filters), GET /emails/:id,
// GET /emails/:id/events (the timeline), DELETE /emails/:id/cancel, GET /emails/analytics/stats; and for
// API-key callers (scope `read`, checked by the gateway) GET /emails/api and GET /emails/api/:id, the key owner's.

import { Readable } from 'node:stream';
import {
  EmailListResponse,
  EmailLog,
  EmailStats,
  EmailTimelineResponse,
  Envelope,
  ErrorBody,
  ExportEmailsQuery,
  IdParams,
  ListEmailsQuery,
  StatsQuery,
} from '@mailwright/contracts';
import { AppError, coerceQuery, type RoutesPlugin, requireUserId } from '@mailwright/kit';
import type { FastifyRequest, FastifySchema } from 'fastify';
import { cancelEmail } from '../emails/cancel-email';
import type { EmailLogDeps } from '../emails/deps';
import { emailStats } from '../emails/email-stats';
import { emailTimeline } from '../emails/email-timeline';
import { exportEmails } from '../emails/export-emails';
import { getEmail } from '../emails/get-email';
import { listEmails } from '../emails/list-emails';

const errors = { '4xx': ErrorBody, '5xx': ErrorBody };
/** A streamed CSV answer: its query is validated, its body documented but not serialised through a schema. */
const exportSchema: FastifySchema & { summary: string } = {
  summary: 'Download the filtered log as CSV (RFC 4180; cells that start like a formula get a leading apostrophe)',
  querystring: ExportEmailsQuery,
};

/** The key owner's id; 401 for any caller other than an API key (the gateway resolved X-API-Key). */
function apiKeyOwnerOf(request: FastifyRequest): string {
  if (request.caller?.kind !== 'api_key') {
    throw new AppError('UNAUTHORIZED', 'An API key is required: send it in the X-API-Key header');
  }
  return requireUserId(request);
}

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
    '/emails/api',
    {
      preValidation: coerceQuery(ListEmailsQuery),
      schema: { querystring: ListEmailsQuery, response: { 200: EmailListResponse, ...errors } },
    },
    (request) => listEmails(deps, apiKeyOwnerOf(request), request.query),
  );

  app.get(
    '/emails/api/:id',
    { schema: { params: IdParams, response: { 200: Envelope(EmailLog), ...errors } } },
    async (request) => ({ data: await getEmail(deps, apiKeyOwnerOf(request), request.params.id) }),
  );

  app.get('/emails/export.csv', { preValidation: coerceQuery(ExportEmailsQuery), schema: exportSchema }, (request, reply) => {
    const rows = exportEmails(deps, requireUserId(request), request.query as ExportEmailsQuery);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', 'attachment; filename="emails.csv"');
    reply.header('cache-control', 'no-store');
    return reply.send(Readable.from(rows));
  });

  app.get(
    '/emails/:id/events',
    { schema: { params: IdParams, response: { 200: EmailTimelineResponse, ...errors } } },
    async (request) => ({ data: await emailTimeline(deps, requireUserId(request), request.params.id) }),
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
