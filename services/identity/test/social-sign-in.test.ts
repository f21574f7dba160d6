import { OAUTH_ONLY_PASSWORD_MESSAGE } from '@mailwright/contracts';
import { internalHeaders, userHeaders } from '@mailwright/kit/testing';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { insertUser } from '../src/db/queries/users';
import { hashPassword } from '../src/domain/passwords';
import { GitHubLookAlike } from './github-look-alike';
import { createHarness, type Harness, PUBLIC_URL } from './helpers';

type Provider = 'google' | 'microsoft' | 'github';

describe('social sign-in with Google, Microsoft and GitHub', () => {
  let harness: Harness;
  const google = new OAuth2Server();
  const microsoft = new OAuth2Server(undefined, undefined, {
    endpoints: { authorize: '/contoso/oauth2/v2.0/authorize', token: '/contoso/oauth2/v2.0/token', userinfo: '/oidc/userinfo' },
  });
  const github = new GitHubLookAlike('gh-client', 'gh-secret');
  let googleClaims: Record<string, unknown> = {};
  let microsoftClaims: Record<string, unknown> = {};

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
    const githubUrl = await github.start();
    const googleUrl = google.issuer.url ?? '';
    const microsoftUrl = microsoft.issuer.url ?? '';
    harness = await createHarness('social', {
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
  });

  beforeEach(() => {
    googleClaims = {};
    microsoftClaims = {};
    github.account = undefined;
  });

  const publicHeaders = () => internalHeaders({ kind: 'public' });

  /** GET /auth/:provider; answers where the browser is sent. */
  async function start(provider: string): Promise<URL> {
    const response = await harness.app.inject({ method: 'GET', url: `/auth/${provider}`, headers: await publicHeaders() });
    expect(response.statusCode).toBe(302);
    return new URL(String(response.headers.location));
  }

  /** The provider's answer to the authorization request: the redirect back to our callback. */
  async function authorize(authorizationUrl: URL): Promise<URL> {
    const response = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(response.status).toBe(302);
    return new URL(String(response.headers.get('location')));
  }

  /** Our callback; answers the web app URL it redirects to. */
  async function callback(provider: string, callbackUrl: URL): Promise<URL> {
    expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(`${PUBLIC_URL}/api/auth/${provider}/callback`);
    const response = await harness.app.inject({
      method: 'GET',
      url: `/auth/${provider}/callback${callbackUrl.search}`,
      headers: await publicHeaders(),
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/auth/callback`);
    return location;
  }

  async function signIn(provider: Provider): Promise<{ token: string | null; error: string | null; callbackUrl: URL }> {
    const callbackUrl = await authorize(await start(provider));
    const outcome = await callback(provider, callbackUrl);
    return { token: outcome.searchParams.get('token'), error: outcome.searchParams.get('error'), callbackUrl };
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
      const url = await start(provider);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/${provider}/callback`);
      expect(url.searchParams.get('state')?.split('.')).toHaveLength(3);
      expect(url.searchParams.get('scope')).toContain('email');
    }
    const githubUrl = await start('github');
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

  it('links Microsoft sign-in to an existing password account with the same email', async () => {
    const existing = await insertUser(harness.app.identity.db, {
      email: 'linda@contoso.com',
      name: 'Linda',
      passwordHash: await hashPassword('secret1'),
      isVerified: true,
    });
    microsoftClaims = { sub: 'ms-linda', email: 'Linda@Contoso.com', name: 'Linda from Graph' };
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
      passwordHash: await hashPassword('attacker1'),
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

  it('refuses a Google account whose email is not verified', async () => {
    googleClaims = { sub: 'g-300', email: 'unverified@gmail.com', email_verified: false, name: 'U' };
    const before = await userCount();
    expect((await signIn('google')).error).toBe('oauth_failed');
    expect(await userCount()).toBe(before);
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
    const retried = new URL(callbackUrl);
    retried.searchParams.delete('error');
    retried.searchParams.set('code', 'some-code');
    expect((await callback('google', retried)).searchParams.get('error')).toBe('invalid_state');

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
    const callbackUrl = await authorize(await start('google'));
    const state = callbackUrl.searchParams.get('state') ?? '';

    // Point the signed state at another pending attempt, keeping the original signature.
    const other = (await start('google')).searchParams.get('state') ?? '';
    const [header, , signature] = state.split('.');
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set('state', `${header}.${other.split('.')[1]}.${signature}`);
    expect((await callback('google', tampered)).searchParams.get('error')).toBe('invalid_state');

    const missing = new URL(callbackUrl);
    missing.searchParams.delete('state');
    expect((await callback('google', missing)).searchParams.get('error')).toBe('invalid_state');

    const microsoftCallback = new URL(`${PUBLIC_URL}/api/auth/microsoft/callback${callbackUrl.search}`);
    expect((await callback('microsoft', microsoftCallback)).searchParams.get('error')).toBe('invalid_state');

    const first = await callback('google', callbackUrl);
    expect(first.searchParams.get('token')).toBeTruthy();
    const replay = await callback('google', callbackUrl);
    expect(replay.searchParams.get('error')).toBe('invalid_state');
    expect(replay.searchParams.get('token')).toBeNull();
  });

  it('answers invalid_state once the 10 minutes are over', async () => {
    googleClaims = { sub: 'g-600', email: 'late@gmail.com', email_verified: true };
    const callbackUrl = await authorize(await start('google'));
    await harness.app.identity.db.$client.query("update identity.oauth_states set expires_at = now() - interval '1 second'");
    expect((await callback('google', callbackUrl)).searchParams.get('error')).toBe('invalid_state');
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
