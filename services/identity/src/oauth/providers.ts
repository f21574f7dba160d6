// The three social sign-in providers, built from configuration (every endpoint can point at a local server).
import type { Config } from '../config';
import { googleVerifiesEmail, microsoftVerifiesEmail } from './email-verification';
import { GitHubProvider } from './github-provider';
import { OidcProvider } from './oidc-provider';
import type { OAuthProvider, ProviderName } from './provider';

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function buildProviders(config: Config): Record<ProviderName, OAuthProvider> {
  const microsoftBase = `${trimSlash(config.MICROSOFT_AUTHORITY_URL)}/${encodeURIComponent(config.MICROSOFT_TENANT)}/oauth2/v2.0`;
  return {
    google: new OidcProvider({
      name: 'google',
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      authorizationEndpoint: config.GOOGLE_AUTH_URL,
      tokenEndpoint: config.GOOGLE_TOKEN_URL,
      userinfoEndpoint: config.GOOGLE_USERINFO_URL,
      scope: 'openid email profile',
      extraAuthorizationParams: { prompt: 'select_account' },
      isEmailVerified: googleVerifiesEmail,
      hasPublicPicture: true,
    }),
    microsoft: new OidcProvider({
      name: 'microsoft',
      clientId: config.MICROSOFT_CLIENT_ID,
      clientSecret: config.MICROSOFT_CLIENT_SECRET,
      authorizationEndpoint: `${microsoftBase}/authorize`,
      tokenEndpoint: `${microsoftBase}/token`,
      userinfoEndpoint: `${trimSlash(config.MICROSOFT_GRAPH_URL)}/oidc/userinfo`,
      scope: 'openid email profile',
      extraAuthorizationParams: { prompt: 'select_account' },
      isEmailVerified: microsoftVerifiesEmail,
      hasPublicPicture: false,
    }),
    github: new GitHubProvider({
      clientId: config.GITHUB_CLIENT_ID,
      clientSecret: config.GITHUB_CLIENT_SECRET,
      oauthBaseUrl: config.GITHUB_OAUTH_URL,
      apiBaseUrl: config.GITHUB_API_URL,
    }),
  };
}
