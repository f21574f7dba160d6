import { describe, expect, it } from 'vitest';
import { httpApiFailure, smtpFailure } from './send-failure';

describe('failure classification', () => {
  it('retries SMTP 4xx and network errors, fails SMTP 5xx at once with the server text', () => {
    expect(smtpFailure({ responseCode: 451, response: '451 4.3.0 try later' }).isPermanent).toBe(false);
    expect(smtpFailure({ code: 'ECONNECTION', message: 'connect ECONNREFUSED' }).isPermanent).toBe(false);
    const rejected = smtpFailure({ responseCode: 550, response: '550 5.1.1 No such user' });
    expect(rejected.isPermanent).toBe(true);
    expect(rejected.message).toBe('550 5.1.1 No such user');
  });

  it('retries provider 429/5xx, refreshes on 401, fails other 4xx', () => {
    expect(httpApiFailure('Gmail', 429, 'rate').isPermanent).toBe(false);
    expect(httpApiFailure('Gmail', 503, 'down').isPermanent).toBe(false);
    expect(httpApiFailure('Graph', 401, 'expired').isStaleTransport).toBe(true);
    expect(httpApiFailure('Graph', 400, 'bad recipient').isPermanent).toBe(true);
  });
});
