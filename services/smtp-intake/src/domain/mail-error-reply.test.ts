import { SMTP_INTAKE_MESSAGES } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { describe, expect, it } from 'vitest';
import { mailErrorReply } from './mail-error-reply';

const reply = (error: unknown) => {
  const mapped = mailErrorReply(error);
  return `${mapped.responseCode} ${mapped.message}`;
};

describe('mailErrorReply', () => {
  it('keeps the reason of refusals the client must act on, with a permanent or quota code', () => {
    expect(reply(new AppError('QUOTA_EXCEEDED', 'Monthly limit reached'))).toBe('452 4.2.2 Monthly limit reached');
    expect(reply(new AppError('API_ACCESS_REQUIRED', 'Upgrade'))).toBe('550 5.7.1 Upgrade');
    expect(reply(new AppError('NOT_FOUND', 'not yours'))).toBe('550 5.7.1 not yours');
    expect(reply(new AppError('IDEMPOTENCY_KEY_REUSED', 'reused'))).toBe('550 5.7.1 reused');
    expect(reply(new AppError('VALIDATION_ERROR', 'bad From'))).toBe('550 5.6.0 bad From');
    expect(reply(new AppError('UNPROCESSABLE', 'unreadable'))).toBe('550 5.6.0 unreadable');
    expect(reply(new AppError('PAYLOAD_TOO_LARGE', 'big'))).toBe('552 5.3.4 big');
  });

  it('turns every platform failure into a temporary 451 with the generic text', () => {
    const unavailable = `451 4.3.0 ${SMTP_INTAKE_MESSAGES.unavailable}`;
    for (const code of ['SERVICE_UNAVAILABLE', 'BAD_GATEWAY', 'INTERNAL_ERROR', 'UNAUTHORIZED'] as const) {
      expect(reply(new AppError(code, 'internal detail')), code).toBe(unavailable);
    }
    expect(reply(new Error('socket hang up'))).toBe(unavailable);
  });
});
