// When and how long to wait before trying a request again: network errors, 429 and 5xx, at most maxAttempts tries,
// exponential backoff with jitter, or the server's Retry-After when it gives one.
export interface RetryOptions {
  /** Tries in all, the first included (1 turns retries off). Default 3. */
  maxAttempts?: number;
  /** The first backoff; doubled each try. Default 500 ms. */
  baseDelayMs?: number;
  /** No wait is longer than this, Retry-After included; a longer Retry-After ends the retries. Default 30 s. */
  maxDelayMs?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

/** Codes a 429 carries that waiting a few seconds does not cure. */
const NOT_RETRYABLE_CODES = new Set(['QUOTA_EXCEEDED']);

export function isRetryableStatus(status: number, code: string | undefined): boolean {
  if (code && NOT_RETRYABLE_CODES.has(code)) return false;
  return status === 429 || status >= 500;
}

/** Retry-After as seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

/** The wait before try number `attempt + 1`, or null when the server asked for more than maxDelayMs. */
export function delayBeforeRetry(attempt: number, options: Required<RetryOptions>, retryAfterSeconds?: number): number | null {
  if (retryAfterSeconds !== undefined) {
    const asked = retryAfterSeconds * 1000;
    return asked > options.maxDelayMs ? null : asked;
  }
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}
