// Gmail connect through Google's OAuth 2.0 (google-auth-library OAuth2Client, the client googleapis uses).
// Every endpoint comes from configuration so tests can run against a local OAuth server.
import { OAuth2Client } from 'google-auth-library';
import type { Config } from '../config';
import {
  expiresAtFrom,
  GrantRevokedError,
  type MailboxProfile,
  type OAuthMailProvider,
  type OAuthTokens,
  redirectUriFor,
} from './provider';

export const GMAIL_SCOPES = ['https://www.googleapis.com/auth/gmail.send', 'openid', 'email', 'profile'];

interface GoogleTokens {
  access_token?: string | null;
  refresh_token?: string | null;
  expiry_date?: number | null;
}

function toTokens(tokens: GoogleTokens): OAuthTokens {
  if (!tokens.access_token) throw new Error('Google returned no access token');
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    expiresAt: tokens.expiry_date ? new Date(tokens.expiry_date) : expiresAtFrom(undefined),
  };
}

function oauthErrorOf(error: unknown): string | undefined {
  const data = (error as { response?: { data?: { error?: unknown } } })?.response?.data;
  return typeof data?.error === 'string' ? data.error : undefined;
}

export class GoogleMailProvider implements OAuthMailProvider {
  readonly name = 'gmail' as const;
  readonly apiUrl: string;

  constructor(private readonly config: Config) {
    this.apiUrl = config.GMAIL_API_URL.replace(/\/+$/, '');
  }

  isConfigured(): boolean {
    return Boolean(this.config.GOOGLE_CLIENT_ID && this.config.GOOGLE_CLIENT_SECRET);
  }

  private client(): OAuth2Client {
    return new OAuth2Client({
      clientId: this.config.GOOGLE_CLIENT_ID,
      clientSecret: this.config.GOOGLE_CLIENT_SECRET,
      redirectUri: redirectUriFor(this.config.PUBLIC_URL, 'gmail'),
      endpoints: { oauth2AuthBaseUrl: this.config.GOOGLE_AUTH_URL, oauth2TokenUrl: this.config.GOOGLE_TOKEN_URL },
      // A stuck provider must not hold a browser redirect or a worker's transport request for long.
      transporterOptions: { timeout: 15_000 },
    });
  }

  authorizationUrl({ state, codeChallenge }: { state: string; codeChallenge: string }): string {
    return this.client().generateAuthUrl({
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
    const { tokens } = await this.client().getToken({ code, codeVerifier });
    return toTokens(tokens);
  }

  async fetchProfile(accessToken: string): Promise<MailboxProfile> {
    const client = this.client();
    client.setCredentials({ access_token: accessToken });
    const { data } = await client.request<{ email?: string; name?: string; email_verified?: boolean }>({
      url: this.config.GOOGLE_USERINFO_URL,
    });
    if (!data.email) throw new Error('Google did not return the mailbox address');
    return { email: data.email, displayName: data.name?.trim() || data.email };
  }

  async refresh(refreshToken: string): Promise<OAuthTokens> {
    const client = this.client();
    client.setCredentials({ refresh_token: refreshToken });
    try {
      const { credentials } = await client.refreshAccessToken();
      return toTokens({
        ...credentials,
        refresh_token: credentials.refresh_token === refreshToken ? null : credentials.refresh_token,
      });
    } catch (error) {
      if (oauthErrorOf(error) === 'invalid_grant') throw new GrantRevokedError('Google answered invalid_grant');
      throw error;
    }
  }
}
