// How a send attempt failed: transient failures are retried with backoff, permanent ones fail the email at once,
// and failures that say something about the sender itself (its sign-in refused, the provider slowing or
// suspending it) carry a signal, so the sender is paused and its emails held instead of failed (issue 20).
import type { SenderPauseReason } from '@mailwright/contracts';

export type SenderSignal =
  /** The server refused the account's credentials: counted, and the sender paused after several in a row. */
  | { kind: 'auth_failed' }
  /** The provider throttled or suspended the mailbox until resumesAt. */
  | { kind: 'suspended'; reason: Extract<SenderPauseReason, 'provider_rate_limited' | 'provider_daily_limit'>; resumesAt: Date };

export class SendFailure extends Error {
  constructor(
    message: string,
    readonly isPermanent: boolean,
    /** The cached transport (e.g. an expired access token) must be fetched again before the next try. */
    readonly isStaleTransport = false,
    readonly signal: SenderSignal | null = null,
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

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How long a provider's "slow down" without a Retry-After pauses the sender. */
const RATE_LIMIT_PAUSE_MS = 15 * 60_000;

/** The provider's daily-limit answers: Gmail's 550 5.4.5, Microsoft 365's submission quota, their API texts. */
const DAILY_LIMIT_MARKERS = [
  '5.4.5',
  'daily user sending quota',
  'daily sending quota',
  'dailylimitexceeded',
  'submissionquotaexceeded',
];
const RATE_LIMIT_MARKERS = ['user-rate limit exceeded', 'userratelimitexceeded', 'ratelimitexceeded', 'too many requests'];

const includesAny = (text: string, markers: string[]) => {
  const lower = text.toLowerCase();
  return markers.some((marker) => lower.includes(marker));
};

const suspended = (reason: 'provider_rate_limited' | 'provider_daily_limit', pauseMs: number): SenderSignal => ({
  kind: 'suspended',
  reason,
  resumesAt: new Date(Date.now() + pauseMs),
});

/** nodemailer errors: SMTP 4xx and network trouble are transient, SMTP 5xx permanent (with the server's text). */
export function smtpFailure(error: unknown): SendFailure {
  if (error instanceof SendFailure) return error;
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  const text = (e.response || e.message || 'SMTP send failed').trim();
  if (e.code === 'EAUTH') return new SendFailure(text, false, false, { kind: 'auth_failed' });
  // An address SMTP cannot carry (kit's SmtpSession refuses it before writing): no retry will change it.
  if (e.code === 'EADDRESS') return new SendFailure(text, true);
  if (typeof e.responseCode === 'number') {
    if (includesAny(text, DAILY_LIMIT_MARKERS))
      return new SendFailure(text, false, false, suspended('provider_daily_limit', DAY_MS));
    return new SendFailure(text, e.responseCode >= 500);
  }
  if (e.code && NETWORK_CODES.has(e.code)) return new SendFailure(text, false);
  return new SendFailure(text, false);
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * HTTP API errors (Gmail, Graph): 429 and 5xx are transient, 401 means a fresh token is needed, other 4xx are
 * permanent. A 429 (or Gmail's 403 daily/user-rate limit) pauses the sender: until Retry-After when given.
 */
export function httpApiFailure(
  provider: string,
  status: number | undefined,
  detail: string,
  retryAfter?: string | null,
): SendFailure {
  const message = `${provider} ${status ?? 'network error'}: ${detail}`.trim();
  const waitMs = retryAfterMs(retryAfter);
  if (includesAny(detail, DAILY_LIMIT_MARKERS) && (status === 429 || status === 403))
    return new SendFailure(message, false, false, suspended('provider_daily_limit', waitMs ?? DAY_MS));
  if (status === 429 || (status === 403 && includesAny(detail, RATE_LIMIT_MARKERS)))
    return new SendFailure(message, false, false, suspended('provider_rate_limited', waitMs ?? RATE_LIMIT_PAUSE_MS));
  if (status === undefined || status <= 0 || status === 408 || status >= 500) return new SendFailure(message, false);
  if (status === 401) return new SendFailure(message, false, true);
  return new SendFailure(message, true);
}
