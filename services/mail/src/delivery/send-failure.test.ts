import { describe, expect, it } from 'vitest';
import { httpApiFailure, retryAfterMs, smtpFailure } from './send-failure';

describe('failure classification', () => {
  it('retries SMTP 4xx and network errors, fails SMTP 5xx at once with the server text', () => {
    expect(smtpFailure({ responseCode: 451, response: '451 4.3.0 try later' }).isPermanent).toBe(false);
    expect(smtpFailure({ code: 'ECONNECTION', message: 'connect ECONNREFUSED' }).isPermanent).toBe(false);
    const rejected = smtpFailure({ responseCode: 550, response: '550 5.1.1 No such user' });
    expect(rejected.isPermanent).toBe(true);
    expect(rejected.message).toBe('550 5.1.1 No such user');
  });

  it('fails at once an address the SMTP session refused to write', () => {
    const failure = smtpFailure({ code: 'EADDRESS', message: 'The address "a>b@example.com" cannot be sent over SMTP' });
    expect(failure.isPermanent).toBe(true);
    expect(failure.message).toBe('The address "a>b@example.com" cannot be sent over SMTP');
  });

  it('retries provider 429/5xx, refreshes on 401, fails other 4xx', () => {
    expect(httpApiFailure('Gmail', 429, 'rate').isPermanent).toBe(false);
    expect(httpApiFailure('Gmail', 503, 'down').signal).toBeNull();
    expect(httpApiFailure('Gmail', 503, 'down').isPermanent).toBe(false);
    expect(httpApiFailure('Graph', 401, 'expired').isStaleTransport).toBe(true);
    expect(httpApiFailure('Graph', 400, 'bad recipient').isPermanent).toBe(true);
  });

  it('signals a refused sign-in without failing the email', () => {
    const failure = smtpFailure({ code: 'EAUTH', responseCode: 535, response: '535 5.7.8 Authentication failed' });
    expect(failure.isPermanent).toBe(false);
    expect(failure.signal).toEqual({ kind: 'auth_failed' });
  });

  it("pauses for a day on Gmail's 550 5.4.5 daily limit, and for Graph's Retry-After on a 429", () => {
    const daily = smtpFailure({ responseCode: 550, response: '550 5.4.5 Daily user sending quota exceeded.' });
    expect(daily.isPermanent).toBe(false);
    expect(daily.signal).toMatchObject({ kind: 'suspended', reason: 'provider_daily_limit' });
    const inADay = Date.now() + 86_400_000;
    expect(Math.abs((daily.signal as { resumesAt: Date }).resumesAt.getTime() - inADay)).toBeLessThan(1_000);

    const throttled = httpApiFailure('Microsoft Graph', 429, 'Application is over its MailboxConcurrency limit.', '120');
    expect(throttled.signal).toMatchObject({ kind: 'suspended', reason: 'provider_rate_limited' });
    const inTwoMinutes = Date.now() + 120_000;
    expect(Math.abs((throttled.signal as { resumesAt: Date }).resumesAt.getTime() - inTwoMinutes)).toBeLessThan(1_000);

    const gmail = httpApiFailure('Gmail', 403, 'User-rate limit exceeded.  Retry after 2030-01-01T00:00:00.000Z');
    expect(gmail.signal).toMatchObject({ kind: 'suspended', reason: 'provider_rate_limited' });
    expect(httpApiFailure('Gmail', 403, 'Insufficient Permission').signal).toBeNull();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('30')).toBe(30_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(30_000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
