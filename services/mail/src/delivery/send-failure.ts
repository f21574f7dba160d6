// How a send attempt failed: transient failures are retried with backoff, permanent ones fail the email at once.
export class SendFailure extends Error {
  constructor(
    message: string,
    readonly isPermanent: boolean,
    /** The cached transport (e.g. an expired access token) must be fetched again before the next try. */
    readonly isStaleTransport = false,
  ) {
    super(message);
    this.name = 'SendFailure';
  }
}

const NETWORK_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** nodemailer errors: SMTP 4xx and network trouble are transient, SMTP 5xx permanent (with the server's text). */
export function smtpFailure(error: unknown): SendFailure {
  if (error instanceof SendFailure) return error;
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  const text = (e.response || e.message || 'SMTP send failed').trim();
  if (typeof e.responseCode === 'number') return new SendFailure(text, e.responseCode >= 500);
  if (e.code && NETWORK_CODES.has(e.code)) return new SendFailure(text, false);
  if (e.code === 'EAUTH') return new SendFailure(text, true);
  return new SendFailure(text, false);
}

/** HTTP API errors (Gmail, Graph): 429 and 5xx are transient, 401 means a fresh token is needed, other 4xx are permanent. */
export function httpApiFailure(provider: string, status: number | undefined, detail: string): SendFailure {
  const message = `${provider} ${status ?? 'network error'}: ${detail}`.trim();
  if (status === undefined || status <= 0 || status === 408 || status === 429 || status >= 500)
    return new SendFailure(message, false);
  if (status === 401) return new SendFailure(message, false, true);
  return new SendFailure(message, true);
}
