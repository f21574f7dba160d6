// Token endpoint requests (client_secret_post): the authorization-code exchange and the refresh.
import { fetchJson } from './fetch-json';
import { OAuthFailure } from './oauth-failure';
import type { OAuthClient } from './providers';

export interface TokenAnswer {
  accessToken: string;
  /** Absent when the provider granted no offline access, or kept the old one on a refresh. */
  refreshToken?: string;
  /** OpenID providers only. */
  idToken?: string;
  expiresInSeconds?: number;
  /** The scopes granted, space-separated (RFC 6749 5.1: absent when they are the ones asked for). */
  scope?: string;
}

interface RawTokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  id_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
  error?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** POSTs `params` with the client's credentials; answers the tokens or throws OAuthFailure. */
export async function requestTokens(
  client: OAuthClient,
  params: Record<string, string | undefined>,
  options: { timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<TokenAnswer> {
  const body = new URLSearchParams();
  const all = { client_id: client.clientId, client_secret: client.clientSecret, ...params };
  for (const [key, value] of Object.entries(all)) if (value !== undefined) body.set(key, value);
  const answer = await fetchJson<RawTokenAnswer>(client.tokenEndpoint, {
    what: 'Token endpoint',
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...options.headers },
    body,
    timeoutMs: options.timeoutMs,
  });
  const accessToken = text(answer.access_token);
  if (!accessToken) {
    const error = text(answer.error);
    throw new OAuthFailure(`Token endpoint gave no access token (${error ?? 'no error given'})`, error);
  }
  const expiresIn = typeof answer.expires_in === 'number' ? answer.expires_in : Number(answer.expires_in);
  return {
    accessToken,
    refreshToken: text(answer.refresh_token),
    idToken: text(answer.id_token),
    expiresInSeconds: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : undefined,
    scope: text(answer.scope),
  };
}
