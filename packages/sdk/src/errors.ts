// Every failed call throws a MailwrightError: the platform's { message, code } with the HTTP status. Switch on
// `code` (see ErrorCode), never on the message. NETWORK_ERROR (status 0) is the SDK's own: no answer came back.
import type { ErrorCode } from './types';

export type MailwrightErrorCode = ErrorCode | 'NETWORK_ERROR' | 'HTTP_ERROR';

export class MailwrightError extends Error {
  override readonly name = 'MailwrightError';
  readonly code: MailwrightErrorCode;
  readonly status: number;
  /** The request field the error is about, when the platform names one. */
  readonly field?: string;
  /** Seconds the server asked to wait (Retry-After), when it said. */
  readonly retryAfterSeconds?: number;

  constructor(init: {
    code: MailwrightErrorCode;
    status: number;
    message: string;
    field?: string;
    retryAfterSeconds?: number;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    if (init.field !== undefined) this.field = init.field;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** The error an answer's status and JSON body stand for. */
export function errorFromResponse(status: number, body: unknown, retryAfterSeconds?: number): MailwrightError {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined);
  return new MailwrightError({
    code: (text('code') as MailwrightErrorCode | undefined) ?? 'HTTP_ERROR',
    status,
    message: text('message') ?? `Request failed with HTTP ${status}`,
    field: text('field'),
    retryAfterSeconds,
  });
}
