import { describe, expect, it } from 'vitest';
import { isSecretPath, pathOnly, urlWithoutQuery } from './private-urls';

describe('private URLs in spans', () => {
  it('keeps paths and drops query strings', () => {
    expect(pathOnly('/api/emails?search=ada%40example.com')).toBe('/api/emails');
    expect(urlWithoutQuery('http://127.0.0.1:4004/emails?search=ada')).toBe('http://127.0.0.1:4004/emails');
  });

  it('leaves tracking, unsubscribe, e-mailed links and OAuth callbacks untraced', () => {
    for (const path of [
      '/t/o/abc.gif',
      '/u/tok',
      '/api/auth/reset-password/tok',
      '/auth/verify-email/tok',
      '/api/auth/google/callback?code=x',
    ]) {
      expect(isSecretPath(path)).toBe(true);
    }
    expect(isSecretPath('/api/emails/send')).toBe(false);
  });
});
