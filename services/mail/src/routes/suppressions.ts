// The suppression list (signed-in user; the gateway maps /api/suppressions/* here).
import { Readable } from 'node:stream';
import {
  AddSuppressionBody,
  Envelope,
  ErrorBody,
  ListSuppressionsQuery,
  MessageBody,
  Pagination,
  SUPPRESSION_MESSAGES,
  Suppression,
  SuppressionImportResult,
} from '@mailwright/contracts';
import { AppError, coerceQuery, type RoutesPlugin, requireUserId } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { FastifySchema } from 'fastify';
import { addSuppression } from '../suppressions/add-suppression';
import type { SuppressionDeps } from '../suppressions/deps';
import { exportSuppressions } from '../suppressions/export-suppressions';
import { importSuppressions } from '../suppressions/import-suppressions';
import { listSuppressions } from '../suppressions/list-suppressions';
import { removeSuppression } from '../suppressions/remove-suppression';

const errors = { '4xx': ErrorBody, '5xx': ErrorBody };
const tags = ['Suppressions'];
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain'];
/** A streamed CSV answer: documented, but not serialised through a response schema. */
const exportSchema: FastifySchema & { tags: string[]; summary: string } = {
  tags,
  summary: 'Download the list as CSV (email, reason, created_at, email_id)',
};

export const suppressionRoutes: RoutesPlugin<SuppressionDeps> = async (app, { deps }) => {
  // The import reads its body as a stream (this plugin's scope only): 100,000 rows never sit in memory whole.
  app.addContentTypeParser(CSV_TYPES, (_request, payload, done) => done(null, payload));

  app.get(
    '/suppressions',
    {
      preValidation: coerceQuery(ListSuppressionsQuery),
      schema: {
        tags,
        summary: 'List suppressed addresses',
        querystring: ListSuppressionsQuery,
        response: { 200: Type.Object({ data: Type.Array(Suppression), pagination: Pagination }), ...errors },
      },
    },
    (request) => listSuppressions(deps, requireUserId(request), request.query),
  );

  app.post(
    '/suppressions',
    {
      schema: {
        tags,
        summary: 'Suppress an address (reason manual)',
        body: AddSuppressionBody,
        response: { 200: Envelope(Suppression), 201: Envelope(Suppression), ...errors },
      },
    },
    async (request, reply) => {
      const { created, suppression } = await addSuppression(deps, requireUserId(request), request.body.email);
      return reply.status(created ? 201 : 200).send({ data: suppression });
    },
  );

  app.post(
    '/suppressions/import',
    {
      schema: {
        tags,
        summary: 'Import addresses from a CSV upload (Content-Type: text/csv, up to 100,000 rows)',
        response: { 200: Envelope(SuppressionImportResult), ...errors },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      if (!(request.body instanceof Readable)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', SUPPRESSION_MESSAGES.importNotCsv);
      return { data: await importSuppressions(deps, userId, request.body) };
    },
  );

  app.get('/suppressions/export', { schema: exportSchema }, (request, reply) => {
    const userId = requireUserId(request);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', 'attachment; filename="suppressions.csv"');
    return reply.send(Readable.from(exportSuppressions(deps, userId)));
  });

  app.delete(
    '/suppressions/:email',
    {
      schema: {
        summary: 'Remove an address from the list',
        params: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }),
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await removeSuppression(deps, requireUserId(request), request.params.email);
      return { message: SUPPRESSION_MESSAGES.removed };
    },
  );
};
