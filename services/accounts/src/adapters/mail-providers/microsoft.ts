// Outlook connect through the Microsoft identity platform (v2 authorize/token endpoints); the mailbox is
// read from Microsoft Graph /me. Authority, tenant and Graph base come from configuration.
import {
  buildAuthorizationUrl,
  microsoftClient,
  type OAuthClient,
  OAuthFailure,
  pkceParams,
  requestTokens,
  type TokenAnswer,
  trimTrailingSlash,
} from '@mailwright/kit';
import type { Config } from '../../config';
import { graphClient } from './graph-client';
import type { MailboxProfile, OAuthMailProvider, OAuthTokens } from './provider';
import { expiresAtFrom, mailboxProfile, PROVIDER_TIMEOUT_MS, redirectUriFor, refreshUnlessRevoked } from './provider';

export const OUTLOOK_SCOPES = ['offline_access', 'Mail.Send', 'User.Read', 'openid', 'email', 'profile'];

/** Splits 'https://graph.microsoft.com/v1.0' into the client's base and version ('v1.0' when none is given). */
export function graphBase(graphUrl: string): { baseUrl: string; version: string; graphUrl: string } {
  const trimmed = trimTrailingSlash(graphUrl);
  const match = /^(.*)\/(v\d+(?:\.\d+)?|beta)$/.exec(trimmed);
  const baseUrl = match?.[1] ?? trimmed;
  const version = match?.[2] ?? 'v1.0';
  return { baseUrl, version, graphUrl: `${baseUrl}/${version}` };
}

const oauthErrorOf = (error: unknown) => (error instanceof OAuthFailure ? error.providerError : undefined);

const toTokens = (answer: TokenAnswer): OAuthTokens => ({
  accessToken: answer.accessToken,
  refreshToken: answer.refreshToken ?? null,
  expiresAt: expiresAtFrom(answer.expiresInSeconds),
});

export class MicrosoftMailProvider implements OAuthMailProvider {
  readonly name = 'outlook' as const;
  readonly apiUrl: string;
  readonly client: OAuthClient;
  private readonly graph: { baseUrl: string; version: string };
  private readonly redirectUri: string;

  constructor(config: Config) {
    const { baseUrl, version, graphUrl } = graphBase(config.MICROSOFT_GRAPH_URL);
    this.graph = { baseUrl, version };
    this.apiUrl = graphUrl;
    this.client = microsoftClient(config);
    this.redirectUri = redirectUriFor(config.PUBLIC_URL, 'outlook');
  }

  authorizationUrl({ state, codeChallenge }: { state: string; codeChallenge: string }): string {
    return buildAuthorizationUrl(this.client, {
      response_type: 'code',
      redirect_uri: this.redirectUri,
      response_mode: 'query',
      scope: OUTLOOK_SCOPES.join(' '),
      state,
      ...pkceParams(codeChallenge),
      prompt: 'consent',
    });
  }

  private token(params: Record<string, string>): Promise<TokenAnswer> {
    return requestTokens(this.client, { scope: OUTLOOK_SCOPES.join(' '), ...params }, { timeoutMs: PROVIDER_TIMEOUT_MS });
  }

  async exchangeCode(code: string, codeVerifier: string): Promise<OAuthTokens> {
    return toTokens(
      await this.token({ grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: this.redirectUri }),
    );
  }

  async fetchProfile(accessToken: string): Promise<MailboxProfile> {
    const me = (await graphClient(this.graph, accessToken)
      .api('/me')
      .select(['mail', 'userPrincipalName', 'displayName'])
      .get()) as { mail?: string | null; userPrincipalName?: string | null; displayName?: string | null };
    return mailboxProfile('Microsoft Graph', me.mail || me.userPrincipalName, me.displayName);
  }

  async refresh(refreshToken: string): Promise<OAuthTokens> {
    return refreshUnlessRevoked('Microsoft', oauthErrorOf, async () =>
      toTokens(await this.token({ grant_type: 'refresh_token', refresh_token: refreshToken })),
    );
  }
}
