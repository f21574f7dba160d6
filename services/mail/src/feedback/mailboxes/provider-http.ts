// One paced GET to a mailbox API (Gmail, Graph): the pacer's units taken first, 429 (and Gmail's 403 rate-limit
// reasons, and 503) honoured by their Retry-After within the turn, and the answers that mean something to the
// loop turned into its errors: 401 the token expired, 403 the grant cannot read, 404/410 the thing is gone (null).
import { MailboxAccessExpired, MailboxNeedsReconnect, MailboxThrottled } from './mailbox-errors';
import { type RequestPacer, sleep } from './request-pacer';

export interface ProviderGet {
  url: string;
  accessToken: string;
  pacer: RequestPacer;
  /** What the call costs in the pacer's units (Gmail quota units; 1 for Graph). */
  units: number;
  /** The turn ends at this time: a Retry-After past it ends the turn instead of waiting. */
  deadline: number;
  signal: AbortSignal;
  headers?: Record<string, string>;
}

const REQUEST_TIMEOUT_MS = 30_000;
const DEFAULT_RETRY_MS = 5_000;
const RATE_REASONS = /rateLimitExceeded|userRateLimitExceeded|quotaExceeded|ApplicationThrottled/;

function retryAfterMs(response: Response): number {
  const header = response.headers.get('retry-after');
  if (!header) return DEFAULT_RETRY_MS;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? DEFAULT_RETRY_MS : Math.max(0, at - Date.now());
}

/** The response when it is OK, null when the resource is gone (404, 410). */
export async function providerGet(call: ProviderGet): Promise<Response | null> {
  for (;;) {
    await call.pacer.take(call.units, call.signal, call.deadline);
    const response = await fetch(call.url, {
      headers: { authorization: `Bearer ${call.accessToken}`, ...call.headers },
      signal: AbortSignal.any([call.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
    });
    if (response.ok) return response;
    const body = await response.text();
    const throttled = response.status === 429 || response.status === 503 || (response.status === 403 && RATE_REASONS.test(body));
    if (throttled) {
      const wait = retryAfterMs(response);
      call.pacer.pause(wait);
      if (Date.now() + wait > call.deadline) throw new MailboxThrottled(wait);
      await sleep(wait, call.signal);
      continue;
    }
    if (response.status === 401) throw new MailboxAccessExpired('the mailbox API refused the access token');
    if (response.status === 403) throw new MailboxNeedsReconnect('the grant does not allow reading the mailbox');
    if (response.status === 404 || response.status === 410) return null;
    throw new Error(`the mailbox API answered ${response.status}: ${body.slice(0, 200)}`);
  }
}

/** Runs `work` over `items` with at most `limit` at once, in order of start. */
export async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}
