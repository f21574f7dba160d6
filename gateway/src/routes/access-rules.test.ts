import { describe, expect, it } from 'vitest';
import { accessFor, apiKeyScopeFor, routeRuleFor } from './access-rules';

describe('accessFor', () => {
  it('lets sign-up, login, the code exchange and the reset flow through without a token', () => {
    expect(accessFor('POST', '/api/auth/signup')).toBe('public');
    expect(accessFor('POST', '/api/auth/login')).toBe('public');
    expect(accessFor('POST', '/api/auth/exchange')).toBe('public');
    expect(accessFor('GET', '/api/auth/verify-email/abc')).toBe('public');
    expect(accessFor('POST', '/api/auth/reset-password/abc')).toBe('public');
    expect(accessFor('GET', '/api/auth/github')).toBe('public');
  });

  it('lets anyone ask for a new verification link, throttled per client address', () => {
    expect(routeRuleFor('POST', '/api/auth/resend-verification')).toEqual({ access: 'public', throttle: 'client-ip' });
    expect(accessFor('GET', '/api/auth/resend-verification')).toBe('user');
  });

  it('requires a user for everything else under /api', () => {
    expect(accessFor('GET', '/api/auth/me')).toBe('user');
    expect(accessFor('PUT', '/api/auth/profile')).toBe('user');
    expect(accessFor('PUT', '/api/auth/change-password')).toBe('user');
    expect(accessFor('GET', '/api/templates')).toBe('user');
    expect(accessFor('POST', '/api/payments/create-order')).toBe('user');
    expect(accessFor('POST', '/api/auth/verify-email/abc')).toBe('user');
  });

  it('requires an API key on the public send API', () => {
    expect(accessFor('POST', '/api/emails/api/send')).toBe('api_key');
    expect(accessFor('POST', '/compat/resend/emails')).toBe('api_key');
    expect(accessFor('GET', '/compat/resend/domains')).toBe('api_key');
    expect(accessFor('GET', '/compat/resendx')).toBe('user');
    expect(accessFor('POST', '/api/emails/send')).toBe('user');
  });

  it('requires an API key on the email log read by API keys, for GET as well', () => {
    expect(accessFor('GET', '/api/emails/api')).toBe('api_key');
    expect(accessFor('GET', '/api/emails/api/0b0c5e7e-1111-4222-8333-944445555666')).toBe('api_key');
    expect(accessFor('GET', '/api/emails')).toBe('user');
    expect(accessFor('GET', '/api/emails/export.csv')).toBe('user');
    expect(accessFor('GET', '/api/emails/0b0c5e7e-1111-4222-8333-944445555666/events')).toBe('user');
  });
});

describe('apiKeyScopeFor', () => {
  it('asks `read` of reading calls and `send` of everything else', () => {
    expect(apiKeyScopeFor('GET')).toBe('read');
    expect(apiKeyScopeFor('HEAD')).toBe('read');
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) expect(apiKeyScopeFor(method)).toBe('send');
  });

  it('keeps tracking, plans and the payment webhook public', () => {
    expect(accessFor('GET', '/t/o/token.gif')).toBe('public');
    expect(accessFor('GET', '/api/payments/plans')).toBe('public');
    expect(accessFor('POST', '/api/payments/webhook')).toBe('public');
  });
});

describe('routeRuleFor', () => {
  it('throttles sign-in, sign-up, the reset mail and the code exchange per client address', () => {
    for (const path of ['/api/auth/login', '/api/auth/signup', '/api/auth/forgot-password', '/api/auth/exchange']) {
      expect(routeRuleFor('POST', path)).toEqual({ access: 'public', throttle: 'client-ip' });
    }
  });

  it('throttles change-password per signed-in user', () => {
    expect(routeRuleFor('PUT', '/api/auth/change-password')).toEqual({ access: 'user', throttle: 'user' });
  });

  it('leaves other routes unthrottled here (the API-key limit applies by caller)', () => {
    expect(routeRuleFor('GET', '/api/auth/login').throttle).toBeUndefined();
    expect(routeRuleFor('POST', '/api/emails/api/send')).toEqual({ access: 'api_key', throttle: undefined });
  });
});
