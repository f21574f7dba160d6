// How a send of a minute-limited sender stays inside the minute its take counts in (sender-limiter.ts). The take
// counts for GUARDED_MINUTE_MS from the instant it was taken, or renewed; the provider counts the message when it
// arrives. So the send may take at most the provider's minute, and a take that waited longer than the guard leaves
// of it (in the account's line, loading the message) is renewed when the send starts.
import { GUARDED_MINUTE_MS } from './sender-limiter';

/** The provider's minute. */
const PROVIDER_MINUTE_MS = 60_000;

/** How long one send may take: the worker's delivery timeout, cut to the provider's minute for a minute limit. */
export function sendDeadlineMs(deliveryTimeoutMs: number, perMinute: number | null): number {
  return perMinute === null ? deliveryTimeoutMs : Math.min(deliveryTimeoutMs, PROVIDER_MINUTE_MS);
}

/** Whether a take made `waitedMs` ago might leave its window before a send with this deadline arrives. */
export function takeNeedsRenewal(waitedMs: number, deadlineMs: number): boolean {
  return waitedMs > GUARDED_MINUTE_MS - deadlineMs;
}
