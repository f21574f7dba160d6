// GitHub: OAuth app flow; the profile from /user and the email from /user/emails (only a `verified: true` entry;
// the profile's own `email` field is never used, GitHub does not say whether it is verified).
import { exchangeCode, fetchJson, OAuthFailure, type OAuthProvider, type ProviderProfile } from './provider';

export interface GitHubSettings {
  clientId?: string;
  clientSecret?: string;
  /** https://github.com, or a look-alike in tests. */
  oauthBaseUrl: string;
  /** https://api.github.com, or a look-alike in tests. */
  apiBaseUrl: string;
}

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

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export class GitHubProvider implements OAuthProvider {
  readonly name = 'github' as const;
  readonly usesPkce = false;

  constructor(private readonly settings: GitHubSettings) {}

  get isConfigured(): boolean {
    return Boolean(this.settings.clientId && this.settings.clientSecret);
  }

  authorizationUrl(request: { state: string; redirectUri: string }): string {
    const url = new URL(`${trimSlash(this.settings.oauthBaseUrl)}/login/oauth/authorize`);
    url.searchParams.set('client_id', this.settings.clientId ?? '');
    url.searchParams.set('redirect_uri', request.redirectUri);
    url.searchParams.set('scope', 'read:user user:email');
    url.searchParams.set('state', request.state);
    url.searchParams.set('allow_signup', 'true');
    return url.toString();
  }

  async fetchProfile(request: { code: string; redirectUri: string }): Promise<ProviderProfile> {
    const { accessToken } = await exchangeCode(`${trimSlash(this.settings.oauthBaseUrl)}/login/oauth/access_token`, {
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
      code: request.code,
      redirect_uri: request.redirectUri,
    });
    const headers = {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/vnd.github+json',
      'user-agent': 'Mailwright',
      'x-github-api-version': '2022-11-28',
    };
    const api = trimSlash(this.settings.apiBaseUrl);
    const [user, emails] = await Promise.all([
      fetchJson<GitHubUser>(`${api}/user`, { what: 'GitHub /user', headers }),
      fetchJson<GitHubEmail[]>(`${api}/user/emails`, { what: 'GitHub /user/emails', headers }),
    ]);
    if ((typeof user.id !== 'number' && typeof user.id !== 'string') || user.id === '')
      throw new OAuthFailure('GitHub user has no id');
    const email = pickVerifiedEmail(Array.isArray(emails) ? emails : []);
    if (!email) throw new OAuthFailure('GitHub account has no verified email');
    const login = typeof user.login === 'string' ? user.login : '';
    const name = typeof user.name === 'string' && user.name.trim() ? user.name.trim() : login || (email.split('@')[0] ?? email);
    const avatar = typeof user.avatar_url === 'string' && /^https?:\/\//.test(user.avatar_url) ? user.avatar_url : null;
    return { providerUserId: String(user.id), email, isEmailVerified: true, name, avatar };
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
