// The Resend-compatible API under /compat/resend (the gateway forwards it as is, with the caller's API key resolved):
// Resend's paths, field names, answers and error shape over Mailwright's own use cases. Everything here answers
// errors as `{ statusCode, message, name }`, whatever raised them (a use case, the schema, the body parser).
import {
  IdParams,
  MAIL_LIMITS,
  RESEND_COMPAT_PREFIX,
  RESEND_MESSAGES,
  RESEND_UNMAPPED_RESOURCES,
  ResendBatchBody,
  ResendBatchResponse,
  ResendEmail,
  ResendEmailObjectId,
  ResendIdResponse,
  ResendSendEmailBody,
  ResendUpdateEmailBody,
  toResendError,
} from '@mailwright/contracts';
import { AppError, describeValidation, type RoutesPlugin, requireUserId } from '@mailwright/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cancelEmail } from '../emails/cancel-email';
import type { EmailLogDeps } from '../emails/deps';
import { rescheduleEmail } from '../emails/reschedule-email';
import { getResendEmail } from '../emails/resend-email';
import type { SendingDeps } from '../sending/deps';
import { type ResendCaller, sendResendBatch, sendResendEmail } from '../sending/resend/send-resend';
import { inResendTerms, scheduleOf } from '../sending/resend/to-send-body';
import { idempotencyKeyOf } from './send';

const TAGS = ['Resend compatibility'];

/** The API-key caller (the gateway resolved `Authorization: Bearer <key>`); 401 missing_api_key otherwise. */
function callerOf(request: FastifyRequest): ResendCaller {
  if (request.caller?.kind !== 'api_key') {
    throw new AppError('UNAUTHORIZED', RESEND_MESSAGES.missingApiKey, { details: { name: 'missing_api_key' } });
  }
  let idempotencyKey: string | null;
  try {
    idempotencyKey = idempotencyKeyOf(request);
  } catch (error) {
    if (error instanceof AppError)
      throw new AppError(error.code, error.message, { details: { name: 'invalid_idempotency_key' } });
    throw error;
  }
  return {
    userId: requireUserId(request),
    callerKind: 'api_key',
    apiKeyId: request.caller.apiKeyId ?? null,
    idempotencyKey,
    requestId: request.id,
  };
}

/** The property a `required` schema issue names (TypeBox: requiredProperties; Ajv: missingProperty). */
function missingPropertyOf(params: Record<string, unknown> | undefined): string | undefined {
  const named = params?.requiredProperties ?? params?.missingProperty;
  const first = Array.isArray(named) ? named[0] : named;
  return typeof first === 'string' ? first : undefined;
}

/** Mailwright's `{ message, code }` error answers, rewritten in Resend's shape and field names. */
function resendErrorPayload(reply: FastifyReply, payload: unknown): unknown {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (typeof body !== 'object' || body === null || 'statusCode' in body) return payload;
  const error = toResendError(reply.statusCode, body as Record<string, unknown>);
  return JSON.stringify({ ...error, message: inResendTerms(error.message) });
}

export const resendCompatRoutes: RoutesPlugin<{ sending: SendingDeps; emailLog: EmailLogDeps }> = async (app, { deps }) => {
  // Resend's SDK posts /emails/{id}/cancel with a JSON content type and no body at all.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  // Resend answers 422 for a payload that does not fit, missing_required_field for an absent one.
  app.setSchemaErrorFormatter((issues, part) => {
    const issue = issues[0];
    const missing = missingPropertyOf(issue?.params);
    if (missing !== undefined) {
      const path = [...(issue?.instancePath ?? '').split('/').filter(Boolean), missing].join('.');
      return new AppError('VALIDATION_ERROR', RESEND_MESSAGES.missingField(path), {
        status: 422,
        details: { name: 'missing_required_field', field: path },
      });
    }
    return new AppError('VALIDATION_ERROR', describeValidation(issues, part), { status: 422 });
  });
  app.addHook('onSend', async (_request, reply, payload) => resendErrorPayload(reply, payload));

  app.post(
    `${RESEND_COMPAT_PREFIX}/emails`,
    {
      schema: {
        tags: TAGS,
        summary: 'Send an email (Resend-compatible)',
        description:
          "Resend's POST /emails. `from` names one of your sender accounts; the email goes through the same checks, " +
          'quota, suppression list and queue as POST /api/emails/api/send. An Idempotency-Key makes a retry answer the same id.',
        body: ResendSendEmailBody,
        response: { 200: ResendIdResponse },
      },
    },
    async (request, reply) => {
      const result = await sendResendEmail(deps.sending, callerOf(request), request.body);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return { id: result.id };
    },
  );

  app.post(
    `${RESEND_COMPAT_PREFIX}/emails/batch`,
    {
      schema: {
        tags: TAGS,
        summary: 'Send up to 100 emails (Resend-compatible)',
        description:
          'Each email as POST /emails takes it. With `x-batch-validation: strict` (the default) one invalid email refuses ' +
          'the batch and nothing is sent; with `permissive` the valid ones are sent and `errors` lists the others. ' +
          `Together the emails hold at most ${MAIL_LIMITS.batchContentMaxChars.toLocaleString('en-US')} characters, templates filled in: from the first email past ` +
          'that on, each is refused (413 in strict mode).',
        body: ResendBatchBody,
        response: { 200: ResendBatchResponse },
      },
    },
    async (request, reply) => {
      const mode = request.headers['x-batch-validation'] === 'permissive' ? 'permissive' : 'strict';
      const result = await sendResendBatch(deps.sending, callerOf(request), request.body, mode);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return result.body;
    },
  );

  app.get(
    `${RESEND_COMPAT_PREFIX}/emails/:id`,
    {
      schema: { tags: TAGS, summary: 'Retrieve an email (Resend-compatible)', params: IdParams, response: { 200: ResendEmail } },
    },
    async (request) => getResendEmail(deps.emailLog, callerOf(request).userId, request.params.id),
  );

  app.patch(
    `${RESEND_COMPAT_PREFIX}/emails/:id`,
    {
      schema: {
        tags: TAGS,
        summary: 'Reschedule a scheduled email (Resend-compatible)',
        params: IdParams,
        body: ResendUpdateEmailBody,
        response: { 200: ResendEmailObjectId },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const scheduledAt = scheduleOf(request.body.scheduled_at) as string;
      const email = await rescheduleEmail(deps.emailLog, caller.userId, request.params.id, scheduledAt, request.id);
      return { object: 'email' as const, id: email.id };
    },
  );

  app.post(
    `${RESEND_COMPAT_PREFIX}/emails/:id/cancel`,
    {
      schema: {
        tags: TAGS,
        summary: 'Cancel a scheduled email (Resend-compatible)',
        params: IdParams,
        response: { 200: ResendEmailObjectId },
      },
    },
    async (request) => {
      const email = await cancelEmail(deps.emailLog, callerOf(request).userId, request.params.id);
      return { object: 'email' as const, id: email.id };
    },
  );

  // Everything else Resend has: 501 for the resources Mailwright has no counterpart for, 404 for unknown paths.
  app.all(`${RESEND_COMPAT_PREFIX}/*`, async (request) => {
    callerOf(request);
    const path = request.url.split('?', 1)[0] ?? '';
    const resource = path.slice(RESEND_COMPAT_PREFIX.length + 1).split('/', 1)[0] ?? '';
    if ((RESEND_UNMAPPED_RESOURCES as readonly string[]).includes(resource)) {
      throw new AppError('BAD_REQUEST', RESEND_MESSAGES.unmapped(resource), {
        status: 501,
        details: { name: 'method_not_allowed' },
      });
    }
    throw new AppError('NOT_FOUND', RESEND_MESSAGES.unknownRoute(request.method, path));
  });
};
