// Where each provider's OAuth endpoints are. Every base comes from configuration, so a service can point
// them at a sovereign cloud, a tenant, or a local stand-in in tests.
import { Type } from '@sinclair/typebox';

export interface OAuthClient {
  clientId?: string;
  clientSecret?: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
}

/** False when the client id or secret is missing: the flow answers oauth_config_error. */
export const isClientConfigured = (client: OAuthClient) => Boolean(client.clientId && client.clientSecret);

export const trimTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** The provider's authorization URL for this client; undefined parameters are left out. */
export function buildAuthorizationUrl(client: OAuthClient, params: Record<string, string | undefined>): string {
  const url = new URL(client.authorizationEndpoint);
  for (const [key, value] of Object.entries({ client_id: client.clientId ?? '', ...params })) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
}

const optional = Type.Optional(Type.String());

/** Google's OAuth settings, shared by sign-in (identity) and Gmail connect (accounts). */
export const googleOAuthConfig = {
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_AUTH_URL: Type.String({ default: 'https://accounts.google.com/o/oauth2/v2/auth' }),
  GOOGLE_TOKEN_URL: Type.String({ default: 'https://oauth2.googleapis.com/token' }),
  GOOGLE_USERINFO_URL: Type.String({ default: 'https://openidconnect.googleapis.com/v1/userinfo' }),
};

/** The Microsoft identity platform's settings, shared by sign-in (identity) and Outlook connect (accounts). */
export const microsoftOAuthConfig = {
  MICROSOFT_CLIENT_ID: optional,
  MICROSOFT_CLIENT_SECRET: optional,
  MICROSOFT_TENANT: Type.String({ default: 'common' }),
  MICROSOFT_AUTHORITY_URL: Type.String({ default: 'https://login.microsoftonline.com' }),
};

export interface GoogleOAuthSettings {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_AUTH_URL: string;
  GOOGLE_TOKEN_URL: string;
  GOOGLE_USERINFO_URL: string;
}

export interface MicrosoftOAuthSettings {
  MICROSOFT_CLIENT_ID?: string;
  MICROSOFT_CLIENT_SECRET?: string;
  MICROSOFT_TENANT: string;
  MICROSOFT_AUTHORITY_URL: string;
}

export const googleClient = (config: GoogleOAuthSettings): OAuthClient & { userinfoEndpoint: string } => ({
  clientId: config.GOOGLE_CLIENT_ID,
  clientSecret: config.GOOGLE_CLIENT_SECRET,
  authorizationEndpoint: config.GOOGLE_AUTH_URL,
  tokenEndpoint: config.GOOGLE_TOKEN_URL,
  userinfoEndpoint: config.GOOGLE_USERINFO_URL,
});

/** The v2 endpoints of the configured authority and tenant ('common' by default). */
export function microsoftClient(config: MicrosoftOAuthSettings): OAuthClient {
  const base = `${trimTrailingSlash(config.MICROSOFT_AUTHORITY_URL)}/${encodeURIComponent(config.MICROSOFT_TENANT)}/oauth2/v2.0`;
  return {
    clientId: config.MICROSOFT_CLIENT_ID,
    clientSecret: config.MICROSOFT_CLIENT_SECRET,
    authorizationEndpoint: `${base}/authorize`,
    tokenEndpoint: `${base}/token`,
  };
}

/** GitHub's OAuth app endpoints under https://github.com (or a look-alike). */
export function githubClient(settings: { clientId?: string; clientSecret?: string; oauthBaseUrl: string }): OAuthClient {
  const base = trimTrailingSlash(settings.oauthBaseUrl);
  return {
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    authorizationEndpoint: `${base}/login/oauth/authorize`,
    tokenEndpoint: `${base}/login/oauth/access_token`,
  };
}
