// Renders every failure as { message, code }; 5xx detail is logged, never sent.
import type { FastifyError, FastifyInstance } from 'fastify';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './database-unavailable';
import { AppError } from './errors';
import { isUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './unstorable-text';

const fastifyCodes: Record<string, { status: number; code: string; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'Request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'Invalid content length' },
};

interface SchemaIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

const firstString = (value: unknown): string | undefined =>
  Array.isArray(value) && typeof value[0] === 'string' ? value[0] : typeof value === 'string' ? value : undefined;

/**
 * A route's own sentence per body field ("name" or "sender.email" → message): any failure on that
 * field (missing, wrong type, wrong length) answers the field's rule instead of the generic sentence.
 */
export type FieldMessages = Readonly<Record<string, string>>;

type SchemaErrorFormatter = Parameters<FastifyInstance['setSchemaErrorFormatter']>[0];

const messageFor = (fields: FieldMessages, path: string): string | undefined =>
  Object.hasOwn(fields, path) ? fields[path] : undefined;

/** One readable sentence for the first schema issue: "email is required", "to.0 must match format email". */
export function describeValidation(issues: SchemaIssue[], part = 'body', fields: FieldMessages = {}): string {
  // A property that is not allowed also shows up as a "schema is false" issue at its own path; prefer the clear one.
  const issue = issues.find((candidate) => candidate.keyword === 'additionalProperties') ?? issues[0] ?? {};
  const segments = (issue.instancePath ?? '').split('/').filter(Boolean);
  const own = part === 'body' ? fields : {};
  const required = firstString(issue.params?.requiredProperties) ?? firstString(issue.params?.missingProperty);
  if (required) {
    const path = [...segments, required].join('.');
    return messageFor(own, path) ?? `${path} is required`;
  }
  const extra = firstString(issue.params?.additionalProperties) ?? firstString(issue.params?.additionalProperty);
  if (extra) return `${[...segments, extra].join('.')} is not an allowed field`;
  const path = segments.join('.');
  return messageFor(own, path) ?? `${path || part} ${issue.message ?? 'is invalid'}`;
}

/**
 * Gives the routes of one plugin (Fastify scopes the formatter to it) their own field messages;
 * the rest of the sentence is the shared one, sent as a 400 VALIDATION_ERROR like every other.
 */
export function installValidationMessages(
  app: { setSchemaErrorFormatter(formatter: SchemaErrorFormatter): unknown },
  fields: FieldMessages,
): void {
  app.setSchemaErrorFormatter(
    (issues, part) => new AppError('VALIDATION_ERROR', describeValidation(issues as SchemaIssue[], part, fields)),
  );
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code, ...error.details });
    }
    if (error.validation) {
      return reply
        .status(400)
        .send({ message: describeValidation(error.validation, error.validationContext), code: 'VALIDATION_ERROR' });
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message ?? error.message, code: known.code });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message, code: error.code ?? 'BAD_REQUEST' });
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send({ message: UNSTORABLE_TEXT_MESSAGE, code: 'VALIDATION_ERROR' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(Math.max(status, 500)).send({ message: 'Internal server error', code: 'INTERNAL_ERROR' });
  });
}

export function installNotFoundHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' });
  });
}
