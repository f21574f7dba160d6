// Social sign-in and Gmail connect through the gateway, with Google played by an OpenID Connect server.

import { OAUTH_ONLY_PASSWORD_MESSAGE } from '@mailwright/contracts';
import { describe, expect, it } from 'vitest';
import { api, gatewayUrl, signUpVerified } from './support/api';
import { GOOGLE_PERSON } from './support/oauth-stand-in';

/** Follows the browser's path: gateway → provider (approves) → gateway callback; answers the final redirect. */
async function browserRoundTrip(startPath: string, cookie?: string): Promise<URL> {
  const start = await fetch(`${gatewayUrl()}${startPath}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  expect(start.status).toBe(302);
  // The binding cookie the start sets (it may also clear the one-time ticket cookie).
  const setCookie = start.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => !pair.endsWith('='));
  const provider = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
  expect(provider.status).toBe(302);
  const callback = new URL(provider.headers.get('location') ?? '');
  const back = await fetch(`${gatewayUrl()}${callback.pathname}${callback.search}`, {
    redirect: 'manual',
    headers: setCookie || cookie ? { cookie: [setCookie, cookie].filter(Boolean).join('; ') } : {},
  });
  expect(back.status).toBe(302);
  return new URL(back.headers.get('location') ?? '');
}

/** Trades the one-time code the callback page receives for a session, as the web app does. */
async function exchange(callback: URL): Promise<string> {
  expect(callback.searchParams.get('token')).toBeNull();
  const code = callback.searchParams.get('code');
  expect(code).toBeTruthy();
  const session = await api<{ token: string }>('/api/auth/exchange', { body: { code } });
  expect(session.status).toBe(200);
  // The code is single use.
  expect((await api('/api/auth/exchange', { body: { code } })).status).toBe(400);
  return session.body.token;
}

describe('social sign-in through the gateway', () => {
  it('signs a new Google user in, and the same user again, with a token that works on /api/auth/me', async () => {
    const first = await browserRoundTrip('/api/auth/google');
    expect(first.pathname).toBe('/auth/callback');
    const token = await exchange(first);
    const me = await api<{
      user: { _id: string; email: string; isVerified: boolean; oauthProviders: string[]; hasPassword: boolean };
    }>('/api/auth/me', { token });
    expect(me.body.user).toMatchObject({
      email: GOOGLE_PERSON.email,
      isVerified: true,
      oauthProviders: ['google'],
      hasPassword: false,
    });

    const second = await browserRoundTrip('/api/auth/google');
    const again = await api<{ user: { _id: string } }>('/api/auth/me', { token: await exchange(second) });
    expect(again.body.user._id).toBe(me.body.user._id);

    const change = await api('/api/auth/change-password', {
      method: 'PUT',
      token,
      body: { currentPassword: '', newPassword: 'whatever1' },
    });
    expect(change.status).toBe(400);
    expect(change.body.message).toBe(OAUTH_ONLY_PASSWORD_MESSAGE);
  });

  it('refuses a tampered state and reports unconfigured providers', async () => {
    const start = await fetch(`${gatewayUrl()}/api/auth/google`, { redirect: 'manual' });
    const authorize = new URL(start.headers.get('location') ?? '');
    const callback = await fetch(
      `${gatewayUrl()}/api/auth/google/callback?code=abc&state=${authorize.searchParams.get('state')}x`,
      {
        redirect: 'manual',
      },
    );
    expect(new URL(callback.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_state');

    const github = await fetch(`${gatewayUrl()}/api/auth/github`, { redirect: 'manual' });
    expect(new URL(github.headers.get('location') ?? '').searchParams.get('error')).toBe('oauth_config_error');
    expect((await fetch(`${gatewayUrl()}/api/auth/myspace`, { redirect: 'manual' })).status).toBe(404);
  });

  it('connects a Gmail account through a one-time ticket and lists it', async () => {
    const user = await signUpVerified('gmail');
    const ticket = await api<{ data: { url: string } }>('/api/email-accounts/connect-ticket', {
      token: user.token,
      body: { provider: 'gmail' },
    });
    expect(ticket.status).toBe(200);
    // The ticket travels only in an HttpOnly cookie for the browser that asked for it, never in the URL.
    expect(ticket.body.data.url).not.toContain('ticket=');
    const ticketCookie = ticket.headers.get('set-cookie')?.split(';')[0];
    expect(ticketCookie).toMatch(/^mw_connect_gmail=/);
    const done = await browserRoundTrip(ticket.body.data.url, ticketCookie);
    expect(done.pathname).toBe('/email-accounts');
    expect(Object.fromEntries(done.searchParams)).toEqual({ success: 'gmail_connected', mailbox: GOOGLE_PERSON.email });

    const accounts = await api<{ data: Array<{ provider: string; email: string; isDefault: boolean }> }>('/api/email-accounts', {
      token: user.token,
    });
    expect(accounts.body.data).toEqual([
      expect.objectContaining({ provider: 'gmail', email: GOOGLE_PERSON.email, isDefault: true }),
    ]);

    const reused = await fetch(`${gatewayUrl()}${ticket.body.data.url}`, {
      redirect: 'manual',
      headers: { cookie: ticketCookie ?? '' },
    });
    expect(new URL(reused.headers.get('location') ?? '').searchParams.get('error')).toBe('session_expired');
  });
});
