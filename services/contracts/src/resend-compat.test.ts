import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors';
import { RESEND_ERROR_NAMES, resendErrorName, toResendError } from './resend-compat';

describe("Mailwright errors in Resend's shape", () => {
  it('maps every error code to one of Resend’s names', () => {
    for (const [code, status] of Object.entries(ERROR_CODES)) {
      expect(RESEND_ERROR_NAMES, code).toContain(resendErrorName(code, status));
    }
  });

  it('picks the names Resend clients switch on', () => {
    expect(resendErrorName('VALIDATION_ERROR', 400)).toBe('validation_error');
    expect(resendErrorName('UNAUTHORIZED', 401)).toBe('invalid_api_key');
    expect(resendErrorName('API_ACCESS_REQUIRED', 403)).toBe('restricted_api_key');
    expect(resendErrorName('NOT_FOUND', 404)).toBe('not_found');
    expect(resendErrorName('IDEMPOTENCY_KEY_REUSED', 409)).toBe('invalid_idempotent_request');
    expect(resendErrorName('QUOTA_EXCEEDED', 429)).toBe('monthly_quota_exceeded');
    expect(resendErrorName('RATE_LIMITED', 429)).toBe('rate_limit_exceeded');
    expect(resendErrorName('ATTACHMENTS_TOO_LARGE', 413)).toBe('invalid_attachment');
    expect(resendErrorName('SERVICE_UNAVAILABLE', 503)).toBe('application_error');
    expect(resendErrorName(undefined, 500)).toBe('application_error');
    expect(resendErrorName('SOMETHING_NEW', 418)).toBe('validation_error');
  });

  it('keeps the message and status, and a finer name the route already chose', () => {
    expect(toResendError(401, { message: 'Missing API key', code: 'UNAUTHORIZED', name: 'missing_api_key' })).toEqual({
      statusCode: 401,
      message: 'Missing API key',
      name: 'missing_api_key',
    });
    expect(toResendError(429, { message: 'Too many requests. Try again in 5 seconds.', code: 'RATE_LIMITED' })).toEqual({
      statusCode: 429,
      message: 'Too many requests. Try again in 5 seconds.',
      name: 'rate_limit_exceeded',
    });
    expect(toResendError(400, { code: 'BAD_REQUEST', name: 'not-a-resend-name' })).toEqual({
      statusCode: 400,
      message: 'Something went wrong',
      name: 'validation_error',
    });
  });
});
