// Local stand-ins for Google and Microsoft: oauth2-mock-server speaking OAuth 2.0 (authorize with PKCE, token,
// refresh), plus Google's userinfo and a Graph /v1.0/me look-alike that check the bearer token. Like the real
// providers, the token answers name the scopes the user consented to at authorize (`scope`).
import { randomUUID } from 'node:crypto';
import { Events, OAuth2Server } from 'oauth2-mock-server';

export interface Mailbox {
  email: string;
  name: string;
}

export interface MockProvider {
  server: OAuth2Server;
  url: string;
  /** Who consents at the next authorize: the profile the provider reports. */
  mailbox: Mailbox;
  /** Bearer tokens presented to the profile endpoint. */
  profileTokens: string[];
  /** Every token endpoint answer (access and refresh tokens the service was given). */
  issued: Record<string, unknown>[];
  /** When set, the next consents grant only these scopes (the user unticked the others), then it clears. */
  grantOnly?: string[];
  stop(): Promise<void>;
}

/** Answers each token request with the scopes consented to at authorize, for the code and for its refresh token. */
function answerGrantedScopes(provider: MockProvider): void {
  const byCode = new Map<string, string>();
  const byRefreshToken = new Map<string, string>();
  provider.server.service.on(Events.BeforeAuthorizeRedirect, ({ url }, request) => {
    const code = url.searchParams.get('code');
    const asked = new URL(request.url ?? '/', 'http://mock').searchParams.get('scope') ?? '';
    if (code) byCode.set(code, provider.grantOnly ? provider.grantOnly.join(' ') : asked);
    provider.grantOnly = undefined;
  });
  provider.server.service.on(Events.BeforeResponse, (response, request) => {
    const asked = request.body as Record<string, unknown>;
    const body = response.body as Record<string, unknown>;
    const granted =
      asked.grant_type === 'authorization_code'
        ? byCode.get(String(asked.code))
        : asked.grant_type === 'refresh_token'
          ? byRefreshToken.get(String(asked.refresh_token))
          : undefined;
    if (granted === undefined) return;
    body.scope = granted;
    if (typeof body.refresh_token === 'string') byRefreshToken.set(body.refresh_token, granted);
  });
}

async function start(server: OAuth2Server, mailbox: Mailbox): Promise<MockProvider> {
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = url;
  const provider: MockProvider = { server, url, mailbox, profileTokens: [], issued: [], stop: () => server.stop() };
  // Unique tokens even when two are issued within the same second.
  server.service.on(Events.BeforeTokenSigning, (token) => {
    token.payload.jti = randomUUID();
  });
  // Keeps the body object itself: later hooks that delete fields show here, hooks that replace the body do not.
  server.service.on(Events.BeforeResponse, (response) => {
    provider.issued.push(response.body as Record<string, unknown>);
  });
  answerGrantedScopes(provider);
  return provider;
}

export async function startGoogle(mailbox: Mailbox): Promise<MockProvider> {
  const provider = await start(new OAuth2Server(), mailbox);
  provider.server.service.on(Events.BeforeUserinfo, (response, request) => {
    provider.profileTokens.push(String(request.headers.authorization ?? ''));
    response.body = { sub: 'google-sub', email: provider.mailbox.email, email_verified: true, name: provider.mailbox.name };
  });
  return provider;
}

export async function startMicrosoft(mailbox: Mailbox): Promise<MockProvider> {
  const server = new OAuth2Server(undefined, undefined, {
    endpoints: { authorize: '/common/oauth2/v2.0/authorize', token: '/common/oauth2/v2.0/token' },
  });
  const provider = await start(server, mailbox);
  server.service.addRoute('GET', '/v1.0/me', (request, response) => {
    const authorization = String(request.headers.authorization ?? '');
    provider.profileTokens.push(authorization);
    response.setHeader('content-type', 'application/json');
    if (!authorization.startsWith('Bearer ey')) {
      response.statusCode = 401;
      response.end(JSON.stringify({ error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty.' } }));
      return;
    }
    response.end(
      JSON.stringify({
        displayName: provider.mailbox.name,
        mail: provider.mailbox.email,
        userPrincipalName: provider.mailbox.email,
      }),
    );
  });
  return provider;
}

/** The next authorize answers as if the user clicked "Cancel" on the consent screen. */
export function denyNextConsent(provider: MockProvider): void {
  provider.server.service.once(Events.BeforeAuthorizeRedirect, ({ url }) => {
    url.searchParams.delete('code');
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('error_description', 'The user denied the request');
  });
}

/** The next token response carries no refresh token (offline access not granted). */
export function dropNextRefreshToken(provider: MockProvider): void {
  provider.server.service.once(Events.BeforeResponse, (response) => {
    delete (response.body as Record<string, unknown>).refresh_token;
  });
}

/** The next token request fails with invalid_grant (revoked or expired grant). */
export function revokeNextGrant(provider: MockProvider): void {
  provider.server.service.once(Events.BeforeResponse, (response) => {
    response.statusCode = 400;
    response.body = { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' };
  });
}

/** Records the grant types asked of the token endpoint. */
export function recordGrants(provider: MockProvider): string[] {
  const grants: string[] = [];
  provider.server.service.on(Events.BeforeResponse, (_response, request) => {
    grants.push(String((request.body as Record<string, unknown>).grant_type));
  });
  return grants;
}

export function oauthEnv(google: MockProvider, microsoft: MockProvider): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: 'google-client-id',
    GOOGLE_CLIENT_SECRET: 'google-client-secret',
    GOOGLE_AUTH_URL: `${google.url}/authorize`,
    GOOGLE_TOKEN_URL: `${google.url}/token`,
    GOOGLE_USERINFO_URL: `${google.url}/userinfo`,
    GMAIL_API_URL: `${google.url}/gmail`,
    MICROSOFT_CLIENT_ID: 'microsoft-client-id',
    MICROSOFT_CLIENT_SECRET: 'microsoft-client-secret',
    MICROSOFT_AUTHORITY_URL: microsoft.url,
    MICROSOFT_GRAPH_URL: `${microsoft.url}/v1.0`,
  };
}
