// Who may read a process's metrics. A metrics listener binds to loopback unless configured otherwise; bound to any
// other address it must have METRICS_TOKEN (boot refuses without it) and every scrape must send
// `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { Type } from '@sinclair/typebox';
import { ConfigError } from './env';

/** The address internal listeners bind to when nothing else is configured. */
export const LOOPBACK_HOST = '127.0.0.1';

/** Spread into a process's config schema. */
export const metricsConfig = {
  /** Bearer token scrapers must send; required when metrics listen on an address other than loopback. */
  METRICS_TOKEN: Type.String({ default: '' }),
};

export function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '');
  if (address === 'localhost' || address === '::1') return true;
  if (isIP(address) === 4) return address.startsWith('127.');
  return /^::ffff:127\./i.test(address);
}

/** Throws a ConfigError when metrics would listen on `host` (named by `hostVariable`) without a token. */
export function checkMetricsExposure(host: string, token: string, hostVariable: string): void {
  if (isLoopbackHost(host) || token.length > 0) return;
  throw new ConfigError(
    `Configuration error: METRICS_TOKEN is missing: metrics would listen on ${host} (${hostVariable}), which is not ` +
      `loopback. Set METRICS_TOKEN (scrapers then send Authorization: Bearer <token>) or ${hostVariable}=${LOOPBACK_HOST}`,
  );
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** A constant-time check of an Authorization header against `Bearer <token>`. */
export function bearerMatcher(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(`Bearer ${token}`);
  return (authorization) => timingSafeEqual(digest(authorization ?? ''), expected);
}
