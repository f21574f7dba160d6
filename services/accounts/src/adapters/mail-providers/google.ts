// Gmail connect through Google's OAuth 2.0 (google-auth-library OAuth2Client, the client googleapis uses).
// Every endpoint comes from configuration so tests can run against a local OAuth server.
import { GMAIL_READ_SCOPE } from '@mailwright/contracts';
import { googleClient, type OAuthClient, trimTrailingSlash } from '@mailwright/kit';
import { OAuth2Client } from 'google-auth-library';
import type { Config } from '../../config';
import type { MailboxProfile, OAuthMailProvider, OAuthTokens } from './provider';
import {
  expiresAtFrom,
  grantedScopesOf,
  mailboxProfile,
  PROVIDER_TIMEOUT_MS,
  redirectUriFor,
  refreshUnlessRevoked,
} from './provider';

// The read scope is asked for so bounces and replies can be read back (issue 21); Google's consent screen
// lets the user untick it, which the granted scopes then show.
export const GMAIL_SCOPES = ['https://www.googleapis.com/auth/gmail.send', GMAIL_READ_SCOPE, 'openid', 'email', 'profile'];

interface GoogleTokens {
  access_token?: string | null;
  refresh_token?: string | null;
  expiry_date?: number | null;
  scope?: string | null;
}

function toTokens(tokens: GoogleTokens): OAuthTokens {
  if (!tokens.access_token) throw new Error('Google returned no access token');
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    expiresAt: tokens.expiry_date ? new Date(tokens.expiry_date) : expiresAtFrom(undefined),
    grantedScopes: grantedScopesOf(tokens.scope, GMAIL_SCOPES),
  };
}

function oauthErrorOf(error: unknown): string | undefined {
  const data = (error as { response?: { data?: { error?: unknown } } })?.response?.data;
  return typeof data?.error === 'string' ? data.error : undefined;
}

export class GoogleMailProvider implements OAuthMailProvider {
  readonly name = 'gmail' as const;
  readonly apiUrl: string;
  readonly client: OAuthClient;
  private readonly userinfoEndpoint: string;

  constructor(private readonly config: Config) {
    this.apiUrl = trimTrailingSlash(config.GMAIL_API_URL);
    const { userinfoEndpoint, ...client } = googleClient(config);
    this.client = client;
    this.userinfoEndpoint = userinfoEndpoint;
  }

  private sdk(): OAuth2Client {
    return new OAuth2Client({
      clientId: this.client.clientId,
      clientSecret: this.client.clientSecret,
      redirectUri: redirectUriFor(this.config.PUBLIC_URL, 'gmail'),
      endpoints: { oauth2AuthBaseUrl: this.client.authorizationEndpoint, oauth2TokenUrl: this.client.tokenEndpoint },
      transporterOptions: { timeout: PROVIDER_TIMEOUT_MS },
    });
  }

  authorizationUrl({ state, codeChallenge }: { state: string; codeChallenge: string }): string {
    return this.sdk().generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: true,
      scope: GMAIL_SCOPES,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256' as never,
    });
  }

  async exchangeCode(code: string, codeVerifier: string): Promise<OAuthTokens> {
    const { tokens } = await this.sdk().getToken({ code, codeVerifier });
    return toTokens(tokens);
  }

  async fetchProfile(accessToken: string): Promise<MailboxProfile> {
    const client = this.sdk();
    client.setCredentials({ access_token: accessToken });
    const { data } = await client.request<{ email?: string; name?: string; email_verified?: boolean }>({
      url: this.userinfoEndpoint,
    });
    return mailboxProfile('Google', data.email, data.name);
  }

  // Google's refresh asks for no scopes: it keeps the grant's own.
  async refresh(refreshToken: string, _grantedScopes: string[] | null): Promise<OAuthTokens> {
    const client = this.sdk();
    client.setCredentials({ refresh_token: refreshToken });
    return refreshUnlessRevoked('Google', oauthErrorOf, async () => {
      const { credentials } = await client.refreshAccessToken();
      return toTokens({
        ...credentials,
        refresh_token: credentials.refresh_token === refreshToken ? null : credentials.refresh_token,
      });
    });
  }
}
