import { describe, expect, it } from 'vitest';
import { normaliseUrl } from './request-path';

describe('normaliseUrl', () => {
  it('leaves a plain path and its query untouched', () => {
    expect(normaliseUrl('/api/auth/login?next=%2Fhome')).toEqual({ url: '/api/auth/login?next=%2Fhome' });
    expect(normaliseUrl('/t/o/abc_-123.gif')).toEqual({ url: '/t/o/abc_-123.gif' });
  });

  it('decodes percent-encoded letters so the path reads as what it is', () => {
    expect(normaliseUrl('/api/auth/%6cogin')).toEqual({ url: '/api/auth/login' });
    expect(normaliseUrl('/api/auth/%6C%6F%67%69%6E?x=1')).toEqual({ url: '/api/auth/login?x=1' });
  });

  it('re-encodes what a segment cannot carry plainly, once', () => {
    expect(normaliseUrl('/api/templates/a%20b%3Fc%25')).toEqual({ url: '/api/templates/a%20b%3Fc%25' });
    expect(normaliseUrl('/api/templates/a%3Ab%40c')).toEqual({ url: '/api/templates/a:b@c' });
  });

  it('refuses encoded separators, dot segments, backslashes, NUL and broken encodings', () => {
    for (const url of [
      '/api/auth/..%2flogin',
      '/api/auth/%2F',
      '/api/auth/%5clogin',
      '/api/auth/./login',
      '/api/auth/../templates',
      '/api/auth/%2e%2e/templates',
      '/api/auth/%2E/login',
      '/api/auth/login/..',
      '/api/auth\\login',
      '/api/auth/login%00',
      '/api/auth/%ff',
      '/api/auth/%',
    ]) {
      expect(normaliseUrl(url).problem, url).toMatch(/^Request path /);
    }
  });

  it('lets dots inside a segment through', () => {
    expect(normaliseUrl('/.well-known/jwks.json')).toEqual({ url: '/.well-known/jwks.json' });
    expect(normaliseUrl('/t/o/%61bc.gif')).toEqual({ url: '/t/o/abc.gif' });
  });
});
