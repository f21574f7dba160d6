// Checking a delivery's `Mailwright-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface VerifyOptions {
  /** How old (or how far ahead) the timestamp may be. Default 300 s. */
  toleranceSeconds?: number;
  /** The current time in milliseconds (tests). */
  now?: number;
}

/**
 * Whether `header` is the platform's signature of `rawBody` (the request body exactly as received, before any JSON
 * parsing) with the endpoint's secret, made within the tolerance.
 */
export function verifySignature(
  secret: string,
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  options: VerifyOptions = {},
): boolean {
  if (!header) return false;
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isInteger(timestamp) || !given || !/^[0-9a-f]+$/i.test(given)) return false;
  const now = options.now ?? Date.now();
  if (Math.abs(now / 1000 - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const body = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  const givenBytes = Buffer.from(given, 'hex');
  return givenBytes.length === expected.length && timingSafeEqual(givenBytes, expected);
}
