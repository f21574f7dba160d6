// The gateway's edge behaviour: bad input, bad tokens, stripped identity headers, security headers.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, signUpVerified } from './support/api';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

describe('gateway edge', () => {
  it('answers malformed JSON, wrong types and a 5 MB body with 4xx and no stack trace', async () => {
    const malformed = await api('/api/auth/login', { rawBody: '{"email": ' });
    expect(malformed.status).toBe(400);
    const wrongTypes = await api('/api/auth/signup', { body: { name: 42, email: ['x'], password: true } });
    expect(wrongTypes.status).toBe(400);
    const huge = await api('/api/auth/signup', {
      rawBody: JSON.stringify({ name: 'x'.repeat(5 * 1024 * 1024), email: 'a@b.co', password: 'abcdef' }),
    });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    for (const response of [malformed, wrongTypes, huge]) {
      expect(response.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
      expect(response.text).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });

  it('refuses missing, tampered, unsigned and expired tokens with 401', async () => {
    const user = await signUpVerified('tokens');
    expect((await api('/api/auth/me')).status).toBe(401);
    const [header, payload, signature] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;

    const tampered = `${header}.${base64url(JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' }))}.${signature}`;
    expect((await api('/api/auth/me', { token: tampered })).status).toBe(401);

    const unsigned = `${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
    expect((await api('/api/auth/me', { token: unsigned })).status).toBe(401);

    const hsHeader = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const hsSigned = `${hsHeader}.${payload}.${createHmac('sha256', 'guess').update(`${hsHeader}.${payload}`).digest('base64url')}`;
    expect((await api('/api/auth/me', { token: hsSigned })).status).toBe(401);

    const expired = `${header}.${base64url(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }))}.${signature}`;
    const expiredAnswer = await api('/api/auth/me', { token: expired });
    expect(expiredAnswer.status).toBe(401);
    expect(expiredAnswer.body.code).toBe('UNAUTHORIZED');

    expect((await api('/api/auth/me', { token: user.token })).status).toBe(200);
  });

  it('ignores caller-supplied internal identity headers', async () => {
    const forged = await api('/api/auth/me', {
      headers: { 'x-mailwright-internal': 'forged', 'x-user-id': '00000000-0000-0000-0000-000000000000' },
    });
    expect(forged.status).toBe(401);
  });

  it('sends security headers and standard rate-limit headers on sign-in', async () => {
    const response = await api('/api/auth/login', { body: { email: 'nobody@example.test', password: 'whatever' } });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('ratelimit-limit')).toBeTruthy();
    expect(response.headers.get('ratelimit-remaining')).toBeTruthy();
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await api('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });
});
