// Outlook connect through the Microsoft identity platform (v2 authorize/token endpoints); the mailbox is
// read from Microsoft Graph /me. Authority, tenant and Graph base come from configuration.
import { OUTLOOK_READ_SCOPE } from '@mailwright/contracts';
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
import {
  expiresAtFrom,
  grantedScopesOf,
  mailboxProfile,
  PROVIDER_TIMEOUT_MS,
  redirectUriFor,
  refreshUnlessRevoked,
} from './provider';
import { grantsMailboxRead } from './read-scopes';

/** What accounts connected before issue 21 consented to: a refresh for them must not ask for more. */
const OUTLOOK_SEND_SCOPES = ['offline_access', 'Mail.Send', 'User.Read', 'openid', 'email', 'profile'];
export const OUTLOOK_SCOPES = ['offline_access', 'Mail.Send', OUTLOOK_READ_SCOPE, 'User.Read', 'openid', 'email', 'profile'];

/** The scopes a refresh may ask for (Microsoft refuses more than were consented to): the read scope only when granted. */
const refreshScopes = (grantedScopes: string[] | null) =>
  grantsMailboxRead('outlook', grantedScopes) ? OUTLOOK_SCOPES : OUTLOOK_SEND_SCOPES;

/** Splits 'https://graph.microsoft.com/v1.0' into the client's base and version ('v1.0' when none is given). */
export function graphBase(graphUrl: string): { baseUrl: string; version: string; graphUrl: string } {
  const trimmed = trimTrailingSlash(graphUrl);
  const match = /^(.*)\/(v\d+(?:\.\d+)?|beta)$/.exec(trimmed);
  const baseUrl = match?.[1] ?? trimmed;
  const version = match?.[2] ?? 'v1.0';
  return { baseUrl, version, graphUrl: `${baseUrl}/${version}` };
}

const oauthErrorOf = (error: unknown) => (error instanceof OAuthFailure ? error.providerError : undefined);

const toTokens = (answer: TokenAnswer, asked: string[]): OAuthTokens => ({
  accessToken: answer.accessToken,
  refreshToken: answer.refreshToken ?? null,
  expiresAt: expiresAtFrom(answer.expiresInSeconds),
  grantedScopes: grantedScopesOf(answer.scope, asked),
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

  private async token(scopes: string[], params: Record<string, string>): Promise<OAuthTokens> {
    const answer = await requestTokens(this.client, { scope: scopes.join(' '), ...params }, { timeoutMs: PROVIDER_TIMEOUT_MS });
    return toTokens(answer, scopes);
  }

  async exchangeCode(code: string, codeVerifier: string): Promise<OAuthTokens> {
    return this.token(OUTLOOK_SCOPES, {
      grant_type: 'authorization_code',
      code,
      code_verifier: codeVerifier,
      redirect_uri: this.redirectUri,
    });
  }

  async fetchProfile(accessToken: string): Promise<MailboxProfile> {
    const me = (await graphClient(this.graph, accessToken)
      .api('/me')
      .select(['mail', 'userPrincipalName', 'displayName'])
      .get()) as { mail?: string | null; userPrincipalName?: string | null; displayName?: string | null };
    return mailboxProfile('Microsoft Graph', me.mail || me.userPrincipalName, me.displayName);
  }

  async refresh(refreshToken: string, grantedScopes: string[] | null): Promise<OAuthTokens> {
    return refreshUnlessRevoked('Microsoft', oauthErrorOf, () =>
      this.token(refreshScopes(grantedScopes), { grant_type: 'refresh_token', refresh_token: refreshToken }),
    );
  }
}
