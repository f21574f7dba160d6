import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthFailure } from './oauth-failure';
import { buildAuthorizationUrl, githubClient, microsoftClient, type OAuthClient } from './providers';
import { requestTokens } from './token-endpoint';

let server: Server;
let client: OAuthClient;
let answer: { status: number; body: string } = { status: 200, body: '{}' };
const received: URLSearchParams[] = [];

const readBody = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push(new URLSearchParams(await readBody(request)));
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = { clientId: 'id', clientSecret: 'secret', authorizationEndpoint: `${base}/authorize`, tokenEndpoint: `${base}/token` };
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('token endpoint requests', () => {
  it('post the client credentials with the grant and read the tokens', async () => {
    answer = { status: 200, body: JSON.stringify({ access_token: 'at', refresh_token: 'rt', id_token: 'it', expires_in: 3599 }) };
    const tokens = await requestTokens(client, { grant_type: 'authorization_code', code: 'c', code_verifier: undefined });
    expect(tokens).toEqual({ accessToken: 'at', refreshToken: 'rt', idToken: 'it', expiresInSeconds: 3599 });
    expect(Object.fromEntries(received.at(-1) ?? [])).toEqual({
      client_id: 'id',
      client_secret: 'secret',
      grant_type: 'authorization_code',
      code: 'c',
    });
  });

  it('read the granted scopes when the provider names them', async () => {
    answer = { status: 200, body: JSON.stringify({ access_token: 'at', expires_in: 60, scope: 'Mail.Send Mail.Read' }) };
    const tokens = await requestTokens(client, { grant_type: 'refresh_token' });
    expect(tokens.scope).toBe('Mail.Send Mail.Read');
  });

  it('fail with the provider error code, so a revoked grant can be told apart', async () => {
    answer = { status: 400, body: JSON.stringify({ error: 'invalid_grant' }) };
    const failure = await requestTokens(client, { grant_type: 'refresh_token' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OAuthFailure);
    expect((failure as OAuthFailure).providerError).toBe('invalid_grant');
    answer = { status: 200, body: JSON.stringify({ error: 'bad_verification_code' }) };
    await expect(requestTokens(client, {})).rejects.toMatchObject({ providerError: 'bad_verification_code' });
    answer = { status: 200, body: 'not json' };
    await expect(requestTokens(client, {})).rejects.toThrow(/not JSON/);
  });
});

describe('provider endpoints', () => {
  it('build Microsoft v2 endpoints from the authority and tenant, and GitHub ones from its base', () => {
    const microsoft = microsoftClient({ MICROSOFT_AUTHORITY_URL: 'http://ms.test/', MICROSOFT_TENANT: 'contoso' });
    expect(microsoft.authorizationEndpoint).toBe('http://ms.test/contoso/oauth2/v2.0/authorize');
    expect(microsoft.tokenEndpoint).toBe('http://ms.test/contoso/oauth2/v2.0/token');
    expect(githubClient({ oauthBaseUrl: 'http://gh.test//' }).tokenEndpoint).toBe('http://gh.test/login/oauth/access_token');
  });

  it('put the client id and the given parameters on the authorization URL', () => {
    const url = new URL(buildAuthorizationUrl(client, { state: 's', prompt: undefined }));
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: 'id', state: 's' });
  });
});
