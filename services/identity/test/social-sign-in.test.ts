import { OAUTH_ONLY_PASSWORD_MESSAGE } from '@mailwright/contracts';
import { internalHeaders, userHeaders } from '@mailwright/kit/testing';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { insertUser } from '../src/db/queries/users';
import { GitHubLookAlike } from './github-look-alike';
import { createHarness, type Harness, linkToken, PUBLIC_URL, SmtpSink } from './helpers';

type Provider = 'google' | 'microsoft' | 'github';

describe('social sign-in with Google, Microsoft and GitHub', () => {
  let harness: Harness;
  const google = new OAuth2Server();
  const microsoft = new OAuth2Server(undefined, undefined, {
    endpoints: { authorize: '/contoso/oauth2/v2.0/authorize', token: '/contoso/oauth2/v2.0/token', userinfo: '/oidc/userinfo' },
  });
  const github = new GitHubLookAlike('gh-client', 'gh-secret');
  const smtp = new SmtpSink();
  let googleClaims: Record<string, unknown> = {};
  let microsoftClaims: Record<string, unknown> = {};
  /** Optional claims Microsoft puts in the ID token (xms_edov, verified_primary_email, …). */
  let microsoftIdTokenClaims: Record<string, unknown> = {};

  beforeAll(async () => {
    await google.issuer.keys.generate('RS256');
    await microsoft.issuer.keys.generate('RS256');
    await google.start(0, '127.0.0.1');
    await microsoft.start(0, '127.0.0.1');
    google.service.on(Events.BeforeUserinfo, (response) => {
      response.body = googleClaims;
    });
    microsoft.service.on(Events.BeforeUserinfo, (response) => {
      response.body = microsoftClaims;
    });
    microsoft.service.on(Events.BeforeTokenSigning, (token) => {
      Object.assign(token.payload, { sub: microsoftClaims.sub }, microsoftIdTokenClaims);
    });
    const githubUrl = await github.start();
    const googleUrl = google.issuer.url ?? '';
    const microsoftUrl = microsoft.issuer.url ?? '';
    harness = await createHarness('social', {
      SYSTEM_SMTP_URL: await smtp.start(),
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_AUTH_URL: `${googleUrl}/authorize`,
      GOOGLE_TOKEN_URL: `${googleUrl}/token`,
      GOOGLE_USERINFO_URL: `${googleUrl}/userinfo`,
      MICROSOFT_CLIENT_ID: 'ms-client',
      MICROSOFT_CLIENT_SECRET: 'ms-secret',
      MICROSOFT_TENANT: 'contoso',
      MICROSOFT_AUTHORITY_URL: microsoftUrl,
      MICROSOFT_GRAPH_URL: microsoftUrl,
      GITHUB_CLIENT_ID: 'gh-client',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GITHUB_OAUTH_URL: githubUrl,
      GITHUB_API_URL: githubUrl,
    });
  });

  afterAll(async () => {
    await harness?.close();
    await google.stop();
    await microsoft.stop();
    await github.stop();
    await smtp.stop();
  });

  beforeEach(() => {
    googleClaims = {};
    microsoftClaims = {};
    microsoftIdTokenClaims = {};
    github.account = undefined;
  });

  const publicHeaders = () => internalHeaders({ kind: 'public' });

  /** One browser: the binding cookie GET /auth/:provider set, sent back on the callback. */
  interface Attempt {
    url: URL;
    cookie: string;
  }

  /** GET /auth/:provider; answers where the browser is sent and the cookie it keeps. */
  async function start(provider: string): Promise<Attempt> {
    const response = await harness.app.inject({ method: 'GET', url: `/auth/${provider}`, headers: await publicHeaders() });
    expect(response.statusCode).toBe(302);
    const setCookie = String(response.headers['set-cookie'] ?? '');
    return { url: new URL(String(response.headers.location)), cookie: setCookie.split(';')[0] ?? '' };
  }

  /** The provider's answer to the authorization request: the redirect back to our callback. */
  async function authorize(attempt: Attempt): Promise<Attempt> {
    const response = await fetch(attempt.url, { redirect: 'manual' });
    expect(response.status).toBe(302);
    return { url: new URL(String(response.headers.get('location'))), cookie: attempt.cookie };
  }

  /** Our callback, from the browser holding `cookie`; answers the web app URL it redirects to. */
  async function callback(provider: string, { url: callbackUrl, cookie }: Attempt): Promise<URL> {
    expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(`${PUBLIC_URL}/api/auth/${provider}/callback`);
    const response = await harness.app.inject({
      method: 'GET',
      url: `/auth/${provider}/callback${callbackUrl.search}`,
      headers: { ...(await publicHeaders()), ...(cookie ? { cookie } : {}) },
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/auth/callback`);
    expect(location.searchParams.get('token')).toBeNull();
    return location;
  }

  /** POST /auth/exchange: the one-time code for a session. */
  const exchange = async (code: string | null) =>
    harness.app.inject({ method: 'POST', url: '/auth/exchange', payload: { code }, headers: await publicHeaders() });

  async function signIn(provider: Provider): Promise<{ token: string | null; error: string | null; callbackUrl: Attempt }> {
    const callbackUrl = await authorize(await start(provider));
    const outcome = await callback(provider, callbackUrl);
    const code = outcome.searchParams.get('code');
    const token = code ? (await exchange(code)).json().token : null;
    return { token, error: outcome.searchParams.get('error'), callbackUrl };
  }

  async function me(token: string) {
    const jwks = (await harness.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      issuer: 'mailwright-identity',
      audience: 'mailwright',
      algorithms: ['ES256'],
    });
    const response = await harness.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: await userHeaders(String(payload.sub)),
    });
    expect(response.statusCode).toBe(200);
    return response.json().user;
  }

  const userCount = async () =>
    Number((await harness.app.identity.db.$client.query('select count(*) from identity.users')).rows[0].count);

  it('sends the browser to the provider with a signed state, and PKCE S256 for Google and Microsoft', async () => {
    for (const provider of ['google', 'microsoft'] as const) {
      const { url } = await start(provider);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/${provider}/callback`);
      expect(url.searchParams.get('state')?.split('.')).toHaveLength(3);
      expect(url.searchParams.get('scope')).toContain('email');
    }
    const { url: githubUrl } = await start('github');
    expect(githubUrl.pathname).toBe('/login/oauth/authorize');
    expect(githubUrl.searchParams.get('client_id')).toBe('gh-client');
    expect(githubUrl.searchParams.get('state')).toBeTruthy();
  });

  it('creates a verified user without a password on first Google sign-in; the token verifies against the JWKS', async () => {
    googleClaims = {
      sub: 'g-100',
      email: 'New.Person@gmail.com',
      email_verified: true,
      name: 'New Person',
      picture: 'https://lh3.example/p.png',
    };
    const { token, error } = await signIn('google');
    expect(error).toBeNull();
    const user = await me(token ?? '');
    expect(user).toMatchObject({
      email: 'new.person@gmail.com',
      name: 'New Person',
      avatar: 'https://lh3.example/p.png',
      isVerified: true,
      hasPassword: false,
      oauthProviders: ['google'],
    });

    const change = await harness.app.inject({
      method: 'PUT',
      url: '/auth/change-password',
      payload: { currentPassword: 'whatever', newPassword: 'secret1' },
      headers: await userHeaders(user.id),
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(OAUTH_ONLY_PASSWORD_MESSAGE);
    expect(change.json().message).toBe('Password change is not available for OAuth-only accounts');
    const passwordLogin = await harness.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'new.person@gmail.com', password: 'whatever' },
      headers: await publicHeaders(),
    });
    expect(passwordLogin.statusCode).toBe(401);
    expect(passwordLogin.json().message).toBe('Invalid email or password');
  });

  it('signs a returning user into the same account', async () => {
    googleClaims = { sub: 'g-200', email: 'back@gmail.com', email_verified: true, name: 'Back' };
    const first = await me((await signIn('google')).token ?? '');
    const before = await userCount();
    googleClaims = { sub: 'g-200', email: 'back@gmail.com', email_verified: true, name: 'Back Again' };
    const second = await me((await signIn('google')).token ?? '');
    expect(second.id).toBe(first.id);
    expect(await userCount()).toBe(before);
  });

  it('links Microsoft sign-in to an existing password account when the ID token says the domain is verified (xms_edov)', async () => {
    const existing = await insertUser(harness.app.identity.db, {
      email: 'linda@contoso.com',
      name: 'Linda',
      passwordHash: await harness.app.identity.passwords.hash('secret1'),
      isVerified: true,
    });
    microsoftClaims = { sub: 'ms-linda', email: 'Linda@Contoso.com', name: 'Linda from Graph' };
    microsoftIdTokenClaims = { xms_edov: true };
    const { token } = await signIn('microsoft');
    const user = await me(token ?? '');
    expect(user).toMatchObject({ id: existing?.id, name: 'Linda', hasPassword: true, oauthProviders: ['microsoft'] });

    googleClaims = { sub: 'g-linda', email: 'linda@contoso.com', email_verified: true, name: 'Linda' };
    const again = await me((await signIn('google')).token ?? '');
    expect(again.id).toBe(existing?.id);
    expect(again.oauthProviders).toEqual(['microsoft', 'google']);

    const passwordLogin = await harness.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'linda@contoso.com', password: 'secret1' },
      headers: await publicHeaders(),
    });
    expect(passwordLogin.statusCode).toBe(200);
  });

  it('takes over an unverified sign-up with the same email without keeping its (unproven) password', async () => {
    const squatter = await insertUser(harness.app.identity.db, {
      email: 'victim@gmail.com',
      name: 'Squatter',
      passwordHash: await harness.app.identity.passwords.hash('attacker1'),
      isVerified: false,
    });
    googleClaims = { sub: 'g-victim', email: 'victim@gmail.com', email_verified: true, name: 'Victim' };
    const user = await me((await signIn('google')).token ?? '');
    expect(user).toMatchObject({ id: squatter?.id, isVerified: true, hasPassword: false });
    const attacker = await harness.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'victim@gmail.com', password: 'attacker1' },
      headers: await publicHeaders(),
    });
    expect(attacker.statusCode).toBe(401);
  });

  it('never links Microsoft sign-in to an existing account by an email Microsoft has not verified', async () => {
    const victim = await insertUser(harness.app.identity.db, {
      email: 'ceo@victim.example',
      name: 'CEO',
      passwordHash: await harness.app.identity.passwords.hash('secret1'),
      isVerified: true,
    });
    const before = await userCount();
    const evidenceThatDoesNotCount: Array<Record<string, unknown>> = [
      {},
      { email_verified: true },
      { xms_edov: false },
      { verified_primary_email: ['attacker@evil.example'] },
    ];
    for (const [index, evidence] of evidenceThatDoesNotCount.entries()) {
      // An Entra tenant admin can give their own user any email.
      microsoftClaims = { sub: `ms-attacker-${index}`, email: 'CEO@victim.example', name: 'Attacker', ...evidence };
      const { token, error } = await signIn('microsoft');
      expect(token).toBeNull();
      expect(error).toBe('oauth_failed');
    }
    expect(await userCount()).toBe(before);
    const { rows } = await harness.app.identity.db.$client.query(
      'select count(*)::int as n from identity.oauth_identities where user_id = $1',
      [victim?.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('links Microsoft sign-in when the email is one of the verified_primary_email / verified_secondary_email claims', async () => {
    const existing = await insertUser(harness.app.identity.db, {
      email: 'max@fabrikam.example',
      name: 'Max',
      passwordHash: null,
      isVerified: true,
    });
    microsoftClaims = { sub: 'ms-max', email: 'max@fabrikam.example', name: 'Max' };
    microsoftIdTokenClaims = { verified_secondary_email: ['other@fabrikam.example', 'MAX@fabrikam.example'] };
    const user = await me((await signIn('microsoft')).token ?? '');
    expect(user.id).toBe(existing?.id);
  });

  it('creates an unverified account for a new Google address that is not verified, mails the link, and signs in once verified', async () => {
    googleClaims = { sub: 'g-300', email: 'unverified@gmail.com', email_verified: false, name: 'U' };
    const before = await userCount();
    const first = await signIn('google');
    expect(first).toMatchObject({ token: null, error: 'email_not_verified' });
    expect(await userCount()).toBe(before + 1);
    const verifyToken = linkToken(await smtp.nextMail('unverified@gmail.com', /Verify your email/), 'verify-email');

    // Not yet verified: signing in again still asks for the mail.
    expect((await signIn('google')).error).toBe('email_not_verified');
    const verified = await harness.app.inject({
      method: 'GET',
      url: `/auth/verify-email/${verifyToken}`,
      headers: await publicHeaders(),
    });
    expect(verified.statusCode).toBe(200);
    const user = await me((await signIn('google')).token ?? '');
    expect(user).toMatchObject({ email: 'unverified@gmail.com', isVerified: true, oauthProviders: ['google'] });
  });

  it('does not link an unverified Google address to an existing account', async () => {
    const existing = await insertUser(harness.app.identity.db, {
      email: 'taken@gmail.com',
      name: 'Owner',
      passwordHash: await harness.app.identity.passwords.hash('secret1'),
      isVerified: false,
    });
    googleClaims = { sub: 'g-301', email: 'taken@gmail.com', name: 'Someone else' };
    expect((await signIn('google')).error).toBe('oauth_failed');
    const after = await harness.app.identity.db.$client.query(
      'select password_hash is not null as has_password from identity.users where id = $1',
      [existing?.id],
    );
    expect(after.rows[0].has_password).toBe(true);
  });

  it("drops a link made by an unverified address when the address's owner resets the password", async () => {
    googleClaims = { sub: 'g-squatter', email: 'owner@example.org', email_verified: false, name: 'Squatter' };
    expect((await signIn('google')).error).toBe('email_not_verified');
    await smtp.nextMail('owner@example.org', /Verify your email/);
    await harness.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: 'owner@example.org' },
      headers: await publicHeaders(),
    });
    const resetToken = linkToken(await smtp.nextMail('owner@example.org', /Reset your password/), 'reset-password');
    const reset = await harness.app.inject({
      method: 'POST',
      url: `/auth/reset-password/${resetToken}`,
      payload: { password: 'owners-own' },
      headers: await publicHeaders(),
    });
    expect(reset.statusCode).toBe(200);
    // The squatter's Google account no longer leads into the (now verified) account: it makes a new one instead.
    expect((await signIn('google')).error).toBe('oauth_failed');
  });

  it('signs in with GitHub using the verified address from /user/emails when the profile email is private', async () => {
    github.account = {
      id: 4242,
      login: 'octo',
      name: null,
      email: null,
      avatar_url: 'https://avatars.example/octo.png',
      emails: [
        { email: 'octo-old@example.com', primary: false, verified: false, visibility: null },
        { email: 'octo@example.com', primary: true, verified: true, visibility: 'private' },
      ],
    };
    const { token, error } = await signIn('github');
    expect(error).toBeNull();
    const user = await me(token ?? '');
    expect(user).toMatchObject({ email: 'octo@example.com', name: 'octo', hasPassword: false, oauthProviders: ['github'] });
    const again = await me((await signIn('github')).token ?? '');
    expect(again.id).toBe(user.id);
  });

  it('refuses a GitHub account with no verified email', async () => {
    github.account = {
      id: 777,
      login: 'nomail',
      name: 'No Mail',
      email: 'claimed@example.com',
      avatar_url: 'https://avatars.example/x.png',
      emails: [{ email: 'claimed@example.com', primary: true, verified: false, visibility: 'public' }],
    };
    expect((await signIn('github')).error).toBe('oauth_failed');
  });

  it('answers oauth_failed when consent is denied, and the state is spent', async () => {
    google.service.once(Events.BeforeAuthorizeRedirect, ({ url }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
    });
    const { error, callbackUrl } = await signIn('google');
    expect(error).toBe('oauth_failed');
    const retried = new URL(callbackUrl.url);
    retried.searchParams.delete('error');
    retried.searchParams.set('code', 'some-code');
    expect((await callback('google', { ...callbackUrl, url: retried })).searchParams.get('error')).toBe('invalid_state');

    github.account = undefined;
    expect((await signIn('github')).error).toBe('oauth_failed');
  });

  it('answers oauth_failed when the provider refuses the code', async () => {
    googleClaims = { sub: 'g-400', email: 'code@gmail.com', email_verified: true };
    google.service.once(Events.BeforeResponse, (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    expect((await signIn('google')).error).toBe('oauth_failed');
  });

  it('answers invalid_state for a tampered, missing, foreign-provider or replayed state', async () => {
    googleClaims = { sub: 'g-500', email: 'state@gmail.com', email_verified: true };
    const attempt = await authorize(await start('google'));
    const with_ = (url: URL) => ({ ...attempt, url });
    const state = attempt.url.searchParams.get('state') ?? '';

    // Point the signed state at another pending attempt, keeping the original signature.
    const other = (await start('google')).url.searchParams.get('state') ?? '';
    const [header, , signature] = state.split('.');
    const tampered = new URL(attempt.url);
    tampered.searchParams.set('state', `${header}.${other.split('.')[1]}.${signature}`);
    expect((await callback('google', with_(tampered))).searchParams.get('error')).toBe('invalid_state');

    const missing = new URL(attempt.url);
    missing.searchParams.delete('state');
    expect((await callback('google', with_(missing))).searchParams.get('error')).toBe('invalid_state');

    const microsoftCallback = new URL(`${PUBLIC_URL}/api/auth/microsoft/callback${attempt.url.search}`);
    expect((await callback('microsoft', with_(microsoftCallback))).searchParams.get('error')).toBe('invalid_state');

    const first = await callback('google', attempt);
    expect(first.searchParams.get('code')).toBeTruthy();
    const replay = await callback('google', attempt);
    expect(replay.searchParams.get('error')).toBe('invalid_state');
    expect(replay.searchParams.get('code')).toBeNull();
  });

  it('answers invalid_state once the 10 minutes are over', async () => {
    googleClaims = { sub: 'g-600', email: 'late@gmail.com', email_verified: true };
    const attempt = await authorize(await start('google'));
    await harness.app.identity.db.$client.query("update identity.oauth_states set expires_at = now() - interval '1 second'");
    expect((await callback('google', attempt)).searchParams.get('error')).toBe('invalid_state');
  });

  it('sets an HttpOnly, SameSite=Lax binding cookie scoped to the callback, and clears it on the way back', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/auth/google', headers: await publicHeaders() });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^mw_signin_google=[A-Za-z0-9_-]{32}; /);
    expect(setCookie).toContain('Path=/api/auth/google/callback');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    googleClaims = { sub: 'g-700', email: 'cookie@gmail.com', email_verified: true };
    const back = await harness.app.inject({
      method: 'GET',
      url: `/auth/google/callback${(await authorize(await start('google'))).url.search}`,
      headers: await publicHeaders(),
    });
    expect(String(back.headers['set-cookie'])).toContain('mw_signin_google=; Path=/api/auth/google/callback; Max-Age=0');
  });

  it("refuses a callback from another browser than the one that started the sign-in (an attacker's link)", async () => {
    googleClaims = { sub: 'g-attacker', email: 'attacker@gmail.com', email_verified: true };
    // The attacker starts a sign-in with their own account and sends the provider's redirect to a victim.
    const attackers = await authorize(await start('google'));
    const victimsCookie = (await start('google')).cookie;
    for (const cookie of ['', victimsCookie, 'mw_signin_google=forged-nonce-value']) {
      const outcome = await callback('google', { ...attackers, cookie });
      expect(outcome.searchParams.get('error')).toBe('invalid_state');
      expect(outcome.searchParams.get('code')).toBeNull();
    }
  });

  it('ends in a one-time code, not a token: the code works once, for 60 seconds, and answers token and user', async () => {
    googleClaims = { sub: 'g-800', email: 'code-once@gmail.com', email_verified: true, name: 'Code Once' };
    const outcome = await callback('google', await authorize(await start('google')));
    const code = outcome.searchParams.get('code');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(outcome.toString()).not.toMatch(/eyJ/);

    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ email: 'code-once@gmail.com', name: 'Code Once' });
    expect((await me(first.json().token)).email).toBe('code-once@gmail.com');

    const again = await exchange(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'This sign-in link is invalid or has expired. Please sign in again.',
      code: 'BAD_REQUEST',
    });

    const late = (await callback('google', await authorize(await start('google')))).searchParams.get('code');
    await harness.app.identity.db.$client.query("update identity.sign_in_codes set expires_at = now() - interval '1 second'");
    expect((await exchange(late)).statusCode).toBe(400);
    for (const bogus of ['A'.repeat(43), 'short', null]) expect((await exchange(bogus)).statusCode).toBe(400);
    const { rows } = await harness.app.identity.db.$client.query('select code_hash from identity.sign_in_codes');
    expect(JSON.stringify(rows)).not.toContain(String(late));
  });

  it('answers 404 for an unknown provider', async () => {
    for (const url of ['/auth/facebook', '/auth/facebook/callback?code=x&state=y']) {
      const response = await harness.app.inject({ method: 'GET', url, headers: await publicHeaders() });
      expect(response.statusCode).toBe(404);
    }
  });

  it('redirects with oauth_config_error when a provider is not configured', async () => {
    const unconfigured = await buildApp({
      ...harness.config,
      GOOGLE_CLIENT_ID: undefined,
      GOOGLE_CLIENT_SECRET: undefined,
      MICROSOFT_CLIENT_SECRET: undefined,
      GITHUB_CLIENT_ID: undefined,
    });
    try {
      for (const provider of ['google', 'microsoft', 'github']) {
        for (const url of [`/auth/${provider}`, `/auth/${provider}/callback?code=x&state=y`]) {
          const response = await unconfigured.inject({ method: 'GET', url, headers: await publicHeaders() });
          expect(response.statusCode).toBe(302);
          expect(response.headers.location).toBe(`${PUBLIC_URL}/auth/callback?error=oauth_config_error`);
        }
      }
    } finally {
      await unconfigured.close();
    }
  });
});
