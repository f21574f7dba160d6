// The three social sign-in providers, built from configuration (every endpoint can point at a local server).
import { githubClient, googleClient, microsoftClient, trimTrailingSlash } from '@mailwright/kit';
import type { Config } from '../../config';
import { googleVerifiesEmail, microsoftVerifiesEmail } from './email-verification';
import { GitHubProvider } from './github-provider';
import { OidcProvider } from './oidc-provider';
import type { ProviderName, SignInProvider } from './provider';

export type SignInProviders = Record<ProviderName, SignInProvider>;

export function buildSignInProviders(config: Config): SignInProviders {
  const google = googleClient(config);
  return {
    google: new OidcProvider({
      name: 'google',
      client: google,
      userinfoEndpoint: google.userinfoEndpoint,
      scope: 'openid email profile',
      extraAuthorizationParams: { prompt: 'select_account' },
      isEmailVerified: googleVerifiesEmail,
      hasPublicPicture: true,
    }),
    microsoft: new OidcProvider({
      name: 'microsoft',
      client: microsoftClient(config),
      userinfoEndpoint: `${trimTrailingSlash(config.MICROSOFT_GRAPH_URL)}/oidc/userinfo`,
      scope: 'openid email profile',
      extraAuthorizationParams: { prompt: 'select_account' },
      isEmailVerified: microsoftVerifiesEmail,
      hasPublicPicture: false,
    }),
    github: new GitHubProvider(
      githubClient({
        clientId: config.GITHUB_CLIENT_ID,
        clientSecret: config.GITHUB_CLIENT_SECRET,
        oauthBaseUrl: config.GITHUB_OAUTH_URL,
      }),
      config.GITHUB_API_URL,
    ),
  };
}
