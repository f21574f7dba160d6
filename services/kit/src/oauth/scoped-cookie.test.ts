import { describe, expect, it } from 'vitest';
import { clearScopedCookie, readCookie, setScopedCookie } from './scoped-cookie';

const ticket = { name: 'mw_connect_gmail', path: '/api/email-accounts/gmail/connect', sameSite: 'Strict' } as const;

describe('scoped cookies', () => {
  it('are HttpOnly, scoped to their path, and Secure only behind https', () => {
    expect(setScopedCookie(ticket, 'abc', 'http://app.test', 60)).toBe(
      'mw_connect_gmail=abc; Path=/api/email-accounts/gmail/connect; Max-Age=60; HttpOnly; SameSite=Strict',
    );
    expect(setScopedCookie(ticket, 'abc', 'https://app.test', 60)).toMatch(/; SameSite=Strict; Secure$/);
    expect(clearScopedCookie(ticket)).toBe(
      'mw_connect_gmail=; Path=/api/email-accounts/gmail/connect; Max-Age=0; HttpOnly; SameSite=Strict',
    );
  });

  it('read one value from a Cookie header', () => {
    expect(readCookie('a=1; mw_connect_gmail=x=y ; b=2', 'mw_connect_gmail')).toBe('x=y');
    expect(readCookie('xmw_connect_gmail=1', 'mw_connect_gmail')).toBeUndefined();
    expect(readCookie(undefined, 'a')).toBeUndefined();
    expect(readCookie('=1; a', 'a')).toBeUndefined();
  });
});
