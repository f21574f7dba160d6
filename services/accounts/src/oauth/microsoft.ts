// Outlook connect through the Microsoft identity platform (v2 authorize/token endpoints); the mailbox is
// read from Microsoft Graph /me. Authority, tenant and Graph base come from configuration.
import type { Config } from '../config';
import { graphClient } from './graph-client';
import {
  expiresAtFrom,
  GrantRevokedError,
  type MailboxProfile,
  type OAuthMailProvider,
  type OAuthTokens,
  redirectUriFor,
} from './provider';

export const OUTLOOK_SCOPES = ['offline_access', 'Mail.Send', 'User.Read', 'openid', 'email', 'profile'];

interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

/** Splits 'https://graph.microsoft.com/v1.0' into the client's base and version ('v1.0' when none is given). */
export function graphBase(graphUrl: string): { baseUrl: string; version: string; graphUrl: string } {
  const trimmed = graphUrl.replace(/\/+$/, '');
  const match = /^(.*)\/(v\d+(?:\.\d+)?|beta)$/.exec(trimmed);
  const baseUrl = match?.[1] ?? trimmed;
  const version = match?.[2] ?? 'v1.0';
  return { baseUrl, version, graphUrl: `${baseUrl}/${version}` };
}

export class MicrosoftMailProvider implements OAuthMailProvider {
  readonly name = 'outlook' as const;
  readonly apiUrl: string;
  private readonly graph: { baseUrl: string; version: string };
  private readonly endpointBase: string;

  constructor(private readonly config: Config) {
    const { baseUrl, version, graphUrl } = graphBase(config.MICROSOFT_GRAPH_URL);
    this.graph = { baseUrl, version };
    this.apiUrl = graphUrl;
    this.endpointBase = `${config.MICROSOFT_AUTHORITY_URL.replace(/\/+$/, '')}/${encodeURIComponent(config.MICROSOFT_TENANT)}/oauth2/v2.0`;
  }

  isConfigured(): boolean {
    return Boolean(this.config.MICROSOFT_CLIENT_ID && this.config.MICROSOFT_CLIENT_SECRET);
  }

  authorizationUrl({ state, codeChallenge }: { state: string; codeChallenge: string }): string {
    const url = new URL(`${this.endpointBase}/authorize`);
    url.search = new URLSearchParams({
      client_id: this.config.MICROSOFT_CLIENT_ID ?? '',
      response_type: 'code',
      redirect_uri: redirectUriFor(this.config.PUBLIC_URL, 'outlook'),
      response_mode: 'query',
      scope: OUTLOOK_SCOPES.join(' '),
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      prompt: 'consent',
    }).toString();
    return url.toString();
  }

  private async token(params: Record<string, string>): Promise<TokenResponse & { status: number }> {
    const response = await fetch(`${this.endpointBase}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: this.config.MICROSOFT_CLIENT_ID ?? '',
        client_secret: this.config.MICROSOFT_CLIENT_SECRET ?? '',
        scope: OUTLOOK_SCOPES.join(' '),
        ...params,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => ({}))) as TokenResponse;
    return { ...body, status: response.status };
  }

  private toTokens(body: TokenResponse & { status: number }): OAuthTokens {
    if (body.status >= 400 || !body.access_token) {
      throw new Error(`Microsoft token endpoint answered ${body.status}: ${body.error ?? 'no access token'}`);
    }
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? null,
      expiresAt: expiresAtFrom(body.expires_in),
    };
  }

  async exchangeCode(code: string, codeVerifier: string): Promise<OAuthTokens> {
    return this.toTokens(
      await this.token({
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: redirectUriFor(this.config.PUBLIC_URL, 'outlook'),
      }),
    );
  }

  async fetchProfile(accessToken: string): Promise<MailboxProfile> {
    const me = (await graphClient(this.graph, accessToken)
      .api('/me')
      .select(['mail', 'userPrincipalName', 'displayName'])
      .get()) as { mail?: string | null; userPrincipalName?: string | null; displayName?: string | null };
    const email = me.mail || me.userPrincipalName;
    if (!email) throw new Error('Microsoft Graph did not return the mailbox address');
    return { email, displayName: me.displayName?.trim() || email };
  }

  async refresh(refreshToken: string): Promise<OAuthTokens> {
    const body = await this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    if (body.error === 'invalid_grant') throw new GrantRevokedError(`Microsoft answered invalid_grant`);
    return this.toTokens(body);
  }
}
