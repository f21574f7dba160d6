// Gmail and Outlook connect end to end against local OAuth 2.0 servers standing in for Google and Microsoft.
import { randomUUID } from 'node:crypto';
import { FREE_ENTITLEMENTS } from '@mailwright/contracts';
import { newBrowserBinding, SecretBox } from '@mailwright/kit';
import { FixedEntitlements, PRO_ENTITLEMENTS, TEST_INTERNAL_SECRET, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStates } from '../src/domain/connect-states';
import { TEST_ENCRYPTION_KEY, TEST_PUBLIC_URL } from './helpers/config';
import {
  connectMailbox,
  cookiesSet,
  finishConnect,
  issueTicket,
  openStart,
  publicHeaders,
  startConnect,
  visitProvider,
} from './helpers/connect-flow';
import { type Harness, startHarness } from './helpers/harness';
import {
  denyNextConsent,
  dropNextRefreshToken,
  type MockProvider,
  oauthEnv,
  startGoogle,
  startMicrosoft,
} from './helpers/oauth-servers';

let t: Harness;
let google: MockProvider;
let microsoft: MockProvider;
const entitlements = new FixedEntitlements(PRO_ENTITLEMENTS);

const accountsPage = `${TEST_PUBLIC_URL}/email-accounts`;

async function listOf(userId: string) {
  const response = await t.app.inject({ method: 'GET', url: '/email-accounts', headers: await userHeaders(userId) });
  return response.json().data as Record<string, unknown>[];
}

async function rowsOf(userId: string) {
  const { rows } = await t.raw.query('select * from accounts.email_accounts where user_id = $1', [userId]);
  return rows;
}

beforeAll(async () => {
  google = await startGoogle({ email: 'ada@gmail.test', name: 'Ada Lovelace' });
  microsoft = await startMicrosoft({ email: 'grace@outlook.test', name: 'Grace Hopper' });
  t = await startHarness('oauth', { env: oauthEnv(google, microsoft), entitlements });
});

afterAll(async () => {
  await t?.close();
  await google?.stop();
  await microsoft?.stop();
});

describe('connecting Gmail', () => {
  it('sends the browser to Google with the send and read scopes, offline access, consent, PKCE and a state', async () => {
    const ticket = await issueTicket(t.app, randomUUID(), 'gmail');
    expect(ticket.url).toBe('/api/email-accounts/gmail/connect');
    const { location, cookie } = await startConnect(t.app, ticket);
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${google.url}/authorize`);
    expect(url.searchParams.get('scope')?.split(' ')).toEqual([
      'https://www.googleapis.com/auth/gmail.send',
      'https://www.googleapis.com/auth/gmail.readonly',
      'openid',
      'email',
      'profile',
    ]);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/api/email-accounts/gmail/callback`);
    expect(url.searchParams.get('client_id')).toBe('google-client-id');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(cookie).toMatch(/^mw_oauth_gmail=[\w-]+$/);
  });

  it('stores the mailbox Google reports and lands on ?success=gmail_connected', async () => {
    const userId = randomUUID();
    const result = await connectMailbox(t.app, userId, 'gmail');
    expect(result.finalUrl).toBe(`${accountsPage}?success=gmail_connected&mailbox=ada%40gmail.test`);
    const [account] = await listOf(userId);
    expect(account).toMatchObject({
      email: 'ada@gmail.test',
      displayName: 'Ada Lovelace',
      provider: 'gmail',
      isDefault: true,
      smtpConfig: null,
      status: 'active',
    });
    // The profile was read with the access token Google issued.
    expect(google.profileTokens.at(-1)).toMatch(/^Bearer ey/);
  });

  it('keeps the refresh and access tokens sealed in the row', async () => {
    const userId = randomUUID();
    await connectMailbox(t.app, userId, 'gmail');
    const issued = google.issued.at(-1)!;
    const [row] = await rowsOf(userId);
    const text = JSON.stringify(row);
    expect(typeof issued.refresh_token).toBe('string');
    expect(text).not.toContain(issued.refresh_token as string);
    expect(text).not.toContain(issued.access_token as string);
    const box = new SecretBox(TEST_ENCRYPTION_KEY);
    expect(box.open(row.secret_sealed)).toBe(issued.refresh_token);
    expect(row.secret_key_id).toBe(box.keyId);
  });

  it('updates the same mailbox on reconnect instead of adding another', async () => {
    const userId = randomUUID();
    await connectMailbox(t.app, userId, 'gmail');
    const [before] = await rowsOf(userId);
    await t.raw.query("update accounts.email_accounts set status = 'needs_reconnect' where id = $1", [before.id]);
    google.mailbox = { email: 'ADA@gmail.test', name: 'Ada, Countess of Lovelace' };
    try {
      const result = await connectMailbox(t.app, userId, 'gmail');
      expect(result.finalUrl).toBe(`${accountsPage}?success=gmail_connected&mailbox=ada%40gmail.test`);
    } finally {
      google.mailbox = { email: 'ada@gmail.test', name: 'Ada Lovelace' };
    }
    const rows = await rowsOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: before.id,
      status: 'active',
      display_name: 'Ada, Countess of Lovelace',
      is_default: true,
    });
    expect(rows[0].secret_sealed).not.toBe(before.secret_sealed);
  });

  it('answers oauth_failed when the user denies consent, and saves nothing', async () => {
    const userId = randomUUID();
    denyNextConsent(google);
    const result = await connectMailbox(t.app, userId, 'gmail');
    expect(result.callbackUrl).toContain('error=access_denied');
    expect(result.finalUrl).toBe(`${accountsPage}?error=oauth_failed`);
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('answers no_refresh_token when Google grants no offline access, and saves nothing', async () => {
    const userId = randomUUID();
    dropNextRefreshToken(google);
    const result = await connectMailbox(t.app, userId, 'gmail');
    expect(result.finalUrl).toBe(`${accountsPage}?error=no_refresh_token`);
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('answers oauth_failed when the token exchange fails (wrong PKCE verifier)', async () => {
    const userId = randomUUID();
    const { location, cookie } = await startConnect(t.app, await issueTicket(t.app, userId, 'gmail'));
    // Authorize with a different challenge than the one bound to the state: the verifier will not match.
    const tampered = new URL(location);
    tampered.searchParams.set('code_challenge', 'A'.repeat(43));
    const callbackUrl = await visitProvider(tampered.toString());
    expect(await finishConnect(t.app, callbackUrl, cookie)).toBe(`${accountsPage}?error=oauth_failed`);
    expect(await rowsOf(userId)).toEqual([]);
  });
});

describe('connecting Outlook', () => {
  it('sends the browser to the Microsoft v2 authorize endpoint with the mail scopes', async () => {
    const { location } = await startConnect(t.app, await issueTicket(t.app, randomUUID(), 'outlook'));
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${microsoft.url}/common/oauth2/v2.0/authorize`);
    expect(url.searchParams.get('scope')?.split(' ')).toEqual([
      'offline_access',
      'Mail.Send',
      'Mail.Read',
      'User.Read',
      'openid',
      'email',
      'profile',
    ]);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/api/email-accounts/outlook/callback`);
  });

  it('stores the mailbox Graph /me reports and lands on ?success=outlook_connected', async () => {
    const userId = randomUUID();
    const result = await connectMailbox(t.app, userId, 'outlook');
    expect(result.finalUrl).toBe(`${accountsPage}?success=outlook_connected&mailbox=grace%40outlook.test`);
    expect(await listOf(userId)).toMatchObject([
      { email: 'grace@outlook.test', displayName: 'Grace Hopper', provider: 'outlook', isDefault: true, smtpConfig: null },
    ]);
    expect(microsoft.profileTokens.at(-1)).toMatch(/^Bearer ey/);
  });

  it('answers oauth_failed on denied consent and no_refresh_token without offline access', async () => {
    const userId = randomUUID();
    denyNextConsent(microsoft);
    expect((await connectMailbox(t.app, userId, 'outlook')).finalUrl).toBe(`${accountsPage}?error=oauth_failed`);
    dropNextRefreshToken(microsoft);
    expect((await connectMailbox(t.app, userId, 'outlook')).finalUrl).toBe(`${accountsPage}?error=no_refresh_token`);
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('becomes a second account next to Gmail without taking the default', async () => {
    const userId = randomUUID();
    await connectMailbox(t.app, userId, 'gmail');
    await connectMailbox(t.app, userId, 'outlook');
    const list = await listOf(userId);
    expect(list.map((account) => [account.provider, account.isDefault])).toEqual([
      ['gmail', true],
      ['outlook', false],
    ]);
  });
});

describe('the state and ticket', () => {
  async function callback(provider: 'gmail' | 'outlook', query: string, cookie?: string) {
    return finishConnect(t.app, `/api/email-accounts/${provider}/callback?${query}`, cookie);
  }

  it('answers invalid_state for a missing or tampered state', async () => {
    const userId = randomUUID();
    const { location, cookie } = await startConnect(t.app, await issueTicket(t.app, userId, 'gmail'));
    const callbackUrl = new URL(await visitProvider(location));
    const state = callbackUrl.searchParams.get('state')!;
    const code = callbackUrl.searchParams.get('code')!;
    expect(await callback('gmail', `code=${code}`, cookie)).toBe(`${accountsPage}?error=invalid_state`);
    const tampered = `${state.slice(0, -4)}${state.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect(await callback('gmail', `code=${code}&state=${tampered}`, cookie)).toBe(`${accountsPage}?error=invalid_state`);
    expect(await callback('gmail', `code=${code}&state=not-a-jwt`, cookie)).toBe(`${accountsPage}?error=invalid_state`);
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('answers invalid_state when a Gmail state comes back on the Outlook callback', async () => {
    const { location, cookie } = await startConnect(t.app, await issueTicket(t.app, randomUUID(), 'gmail'));
    const callbackUrl = new URL(await visitProvider(location));
    const outlookCookie = cookie?.replace('mw_oauth_gmail', 'mw_oauth_outlook');
    expect(await finishConnect(t.app, `/api/email-accounts/outlook/callback${callbackUrl.search}`, outlookCookie)).toBe(
      `${accountsPage}?error=invalid_state`,
    );
  });

  it('answers invalid_state when the callback arrives in a browser that did not start the flow', async () => {
    const userId = randomUUID();
    const { location, cookie } = await startConnect(t.app, await issueTicket(t.app, userId, 'gmail'));
    const callbackUrl = await visitProvider(location);
    expect(await finishConnect(t.app, callbackUrl)).toBe(`${accountsPage}?error=invalid_state`);
    expect(await finishConnect(t.app, callbackUrl, `${cookie}x`)).toBe(`${accountsPage}?error=invalid_state`);
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('answers session_expired for an expired state', async () => {
    const userId = randomUUID();
    const binding = newBrowserBinding();
    const box = new SecretBox(TEST_ENCRYPTION_KEY);
    const expired = await connectStates(TEST_INTERNAL_SECRET, box).sign(
      { subject: userId, provider: 'gmail', codeVerifier: 'v'.repeat(64), binding: binding.hash },
      -1,
    );
    expect(await callback('gmail', `code=abc&state=${expired}`, `mw_oauth_gmail=${binding.nonce}`)).toBe(
      `${accountsPage}?error=session_expired`,
    );
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('hands the ticket to the asking browser in an HttpOnly cookie for the start only, never in the URL', async () => {
    const ticket = await issueTicket(t.app, randomUUID(), 'gmail');
    expect(ticket.url).not.toContain('ticket');
    expect(ticket.setCookie).toMatch(/^mw_connect_gmail=[\w-]{40,}; /);
    expect(ticket.setCookie).toContain('; Path=/api/email-accounts/gmail/connect;');
    expect(ticket.setCookie).toContain('; Max-Age=60;');
    expect(ticket.setCookie).toContain('; HttpOnly;');
    expect(ticket.setCookie).toContain('; SameSite=Strict');
    const started = await openStart(t.app, ticket.url, ticket.cookie);
    expect(cookiesSet(started.headers['set-cookie']).get('mw_connect_gmail')).toBe('');
  });

  it("does not put a victim's mailbox into the account of whoever minted the start link", async () => {
    const attacker = randomUUID();
    const ticket = await issueTicket(t.app, attacker, 'gmail');
    const ticketValue = ticket.cookie.split('=')[1] ?? '';
    const issuedBefore = google.issued.length;
    // The victim's browser (signed in or not) opens the link the attacker sent, with or without the ticket in it.
    for (const url of [ticket.url, `${ticket.url}?ticket=${ticketValue}`]) {
      const response = await openStart(t.app, url);
      expect(response.headers.location).toBe(`${accountsPage}?error=session_expired`);
      expect(cookiesSet(response.headers['set-cookie']).has('mw_oauth_gmail')).toBe(false);
    }
    expect(google.issued.length).toBe(issuedBefore);
    expect(await rowsOf(attacker)).toEqual([]);
    // The ticket still works in the browser it was issued to: the refusals above are about the browser.
    expect((await openStart(t.app, ticket.url, ticket.cookie)).headers.location).toMatch(new RegExp(`^${google.url}/authorize`));
  });

  it('answers session_expired for a missing, unknown, reused or wrong-provider ticket', async () => {
    const start = async (url: string, cookie?: string) => (await openStart(t.app, url, cookie)).headers.location;
    expect(await start('/api/email-accounts/gmail/connect')).toBe(`${accountsPage}?error=session_expired`);
    expect(await start('/api/email-accounts/gmail/connect', 'mw_connect_gmail=nope')).toBe(
      `${accountsPage}?error=session_expired`,
    );
    const ticket = await issueTicket(t.app, randomUUID(), 'gmail');
    expect(await start(ticket.url, ticket.cookie)).toMatch(new RegExp(`^${google.url}/authorize`));
    expect(await start(ticket.url, ticket.cookie)).toBe(`${accountsPage}?error=session_expired`);
    const gmailTicket = await issueTicket(t.app, randomUUID(), 'gmail');
    expect(await start('/api/email-accounts/outlook/connect', gmailTicket.cookie.replace('_gmail=', '_outlook='))).toBe(
      `${accountsPage}?error=session_expired`,
    );
  });

  it('answers session_expired for a ticket older than 60 seconds', async () => {
    const ticket = await issueTicket(t.app, randomUUID(), 'gmail');
    await t.raw.query("update accounts.connect_tickets set expires_at = now() - interval '1 second'");
    const response = await openStart(t.app, ticket.url, ticket.cookie);
    expect(response.headers.location).toBe(`${accountsPage}?error=session_expired`);
  });

  it('needs a signed-in user for a ticket, and only knows gmail and outlook', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/email-accounts/connect-ticket',
      headers: await publicHeaders(),
      payload: { provider: 'gmail' },
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/email-accounts/connect-ticket',
      headers: await userHeaders(randomUUID()),
      payload: { provider: 'yahoo' },
    });
    expect(unknown.statusCode).toBe(400);
    const route = await t.app.inject({
      method: 'GET',
      url: '/email-accounts/yahoo/connect?ticket=x',
      headers: await publicHeaders(),
    });
    expect(route.statusCode).toBe(400);
  });

  it('refuses a new mailbox beyond the plan at the callback with error=plan_limit, but allows a reconnect', async () => {
    const userId = randomUUID();
    entitlements.set(userId, FREE_ENTITLEMENTS);
    expect((await connectMailbox(t.app, userId, 'gmail')).finalUrl).toBe(
      `${accountsPage}?success=gmail_connected&mailbox=ada%40gmail.test`,
    );
    expect((await connectMailbox(t.app, userId, 'gmail')).finalUrl).toBe(
      `${accountsPage}?success=gmail_connected&mailbox=ada%40gmail.test`,
    );
    google.mailbox = { email: 'second@gmail.test', name: 'Second' };
    try {
      expect((await connectMailbox(t.app, userId, 'gmail')).finalUrl).toBe(`${accountsPage}?error=plan_limit`);
    } finally {
      google.mailbox = { email: 'ada@gmail.test', name: 'Ada Lovelace' };
    }
    expect(await rowsOf(userId)).toHaveLength(1);
  });
});

describe('without provider credentials', () => {
  it('answers oauth_config_error on connect and on callback', async () => {
    const bare = await startHarness('oauth_bare', { entitlements });
    try {
      const ticket = await issueTicket(bare.app, randomUUID(), 'outlook');
      const response = await openStart(bare.app, ticket.url, ticket.cookie);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${accountsPage}?error=oauth_config_error`);
      const callback = await bare.app.inject({
        method: 'GET',
        url: '/email-accounts/gmail/callback?code=x&state=y',
        headers: await publicHeaders(),
      });
      expect(callback.headers.location).toBe(`${accountsPage}?error=oauth_config_error`);
    } finally {
      await bare.close();
    }
  });
});
