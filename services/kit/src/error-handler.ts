// Renders every failure as { message, code }; 5xx detail is logged, never sent.
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './errors';

const fastifyCodes: Record<string, { status: number; code: string; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'Request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'Invalid content length' },
};

function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const field = (first.instancePath || '').replace(/^\//, '').replaceAll('/', '.');
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  if (missing) return `${missing} is required`;
  const extra = (first.params as { additionalProperty?: string } | undefined)?.additionalProperty;
  if (extra) return `${extra} is not an allowed field`;
  const where = field || error.validationContext || 'request';
  return `${where} ${first.message ?? 'is invalid'}`;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code, ...error.details });
    }
    if (error.validation) {
      return reply.status(400).send({ message: describeValidation(error), code: 'VALIDATION_ERROR' });
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message ?? error.message, code: known.code });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message, code: error.code ?? 'BAD_REQUEST' });
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
