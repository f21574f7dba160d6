// GitHub: OAuth app flow; the profile from /user and the email from /user/emails (only a `verified: true` entry;
// the profile's own `email` field is never used, GitHub does not say whether it is verified).
import {
  buildAuthorizationUrl,
  fetchJson,
  type OAuthClient,
  OAuthFailure,
  requestTokens,
  trimTrailingSlash,
} from '@mailwright/kit';
import { httpUrlOrNull, type ProviderProfile, type SignInProvider } from './provider';

interface GitHubUser {
  id?: unknown;
  login?: unknown;
  name?: unknown;
  avatar_url?: unknown;
}

interface GitHubEmail {
  email?: unknown;
  primary?: unknown;
  verified?: unknown;
}

export class GitHubProvider implements SignInProvider {
  readonly name = 'github' as const;
  readonly usesPkce = false;
  private readonly apiBaseUrl: string;

  /** `apiBaseUrl`: https://api.github.com, or a look-alike in tests. */
  constructor(
    readonly client: OAuthClient,
    apiBaseUrl: string,
  ) {
    this.apiBaseUrl = trimTrailingSlash(apiBaseUrl);
  }

  authorizationUrl(request: { state: string; redirectUri: string }): string {
    return buildAuthorizationUrl(this.client, {
      redirect_uri: request.redirectUri,
      scope: 'read:user user:email',
      state: request.state,
      allow_signup: 'true',
    });
  }

  async fetchProfile(request: { code: string; redirectUri: string }): Promise<ProviderProfile> {
    const { accessToken } = await requestTokens(this.client, { code: request.code, redirect_uri: request.redirectUri });
    const headers = {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/vnd.github+json',
      'user-agent': 'Mailwright',
      'x-github-api-version': '2022-11-28',
    };
    const [user, emails] = await Promise.all([
      fetchJson<GitHubUser>(`${this.apiBaseUrl}/user`, { what: 'GitHub /user', headers }),
      fetchJson<GitHubEmail[]>(`${this.apiBaseUrl}/user/emails`, { what: 'GitHub /user/emails', headers }),
    ]);
    if ((typeof user.id !== 'number' && typeof user.id !== 'string') || user.id === '')
      throw new OAuthFailure('GitHub user has no id');
    const email = pickVerifiedEmail(Array.isArray(emails) ? emails : []);
    if (!email) throw new OAuthFailure('GitHub account has no verified email');
    const login = typeof user.login === 'string' ? user.login : '';
    const name = typeof user.name === 'string' && user.name.trim() ? user.name.trim() : login || (email.split('@')[0] ?? email);
    return { providerUserId: String(user.id), email, isEmailVerified: true, name, avatar: httpUrlOrNull(user.avatar_url) };
  }
}

/** The verified primary address, else any verified one; never an unverified address. */
export function pickVerifiedEmail(emails: GitHubEmail[]): string | undefined {
  const verified = emails.filter(
    (entry) => entry.verified === true && typeof entry.email === 'string' && entry.email.includes('@'),
  );
  const chosen = verified.find((entry) => entry.primary === true) ?? verified[0];
  return chosen?.email as string | undefined;
}
