// Google and Microsoft: OpenID Connect authorization code flow with PKCE; the profile comes from userinfo.
import { exchangeCode, fetchJson, OAuthFailure, type OAuthProvider, type ProviderName, type ProviderProfile } from './provider';

export interface OidcProviderSettings {
  name: ProviderName;
  clientId?: string;
  clientSecret?: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
  scope: string;
  extraAuthorizationParams?: Record<string, string>;
  /** Decides from the userinfo claims whether the email is verified. */
  isEmailVerified(claims: Record<string, unknown>): boolean;
  /** Whether userinfo's `picture` can be shown as-is (Microsoft's needs a token). */
  hasPublicPicture: boolean;
}

export class OidcProvider implements OAuthProvider {
  readonly usesPkce = true;

  constructor(private readonly settings: OidcProviderSettings) {}

  get name(): ProviderName {
    return this.settings.name;
  }

  get isConfigured(): boolean {
    return Boolean(this.settings.clientId && this.settings.clientSecret);
  }

  authorizationUrl(request: { state: string; redirectUri: string; codeChallenge?: string }): string {
    const url = new URL(this.settings.authorizationEndpoint);
    const params: Record<string, string> = {
      client_id: this.settings.clientId ?? '',
      response_type: 'code',
      redirect_uri: request.redirectUri,
      scope: this.settings.scope,
      state: request.state,
      ...this.settings.extraAuthorizationParams,
    };
    if (request.codeChallenge) {
      params.code_challenge = request.codeChallenge;
      params.code_challenge_method = 'S256';
    }
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }

  async fetchProfile(request: { code: string; redirectUri: string; codeVerifier?: string }): Promise<ProviderProfile> {
    const accessToken = await exchangeCode(this.settings.tokenEndpoint, {
      grant_type: 'authorization_code',
      code: request.code,
      redirect_uri: request.redirectUri,
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
      code_verifier: request.codeVerifier,
    });
    const claims = await fetchJson<Record<string, unknown>>(this.settings.userinfoEndpoint, {
      what: 'Userinfo endpoint',
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    const sub = claims.sub;
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    if (typeof sub !== 'string' || !sub) throw new OAuthFailure('Userinfo has no subject');
    if (!email.includes('@')) throw new OAuthFailure('Userinfo has no email');
    if (!this.settings.isEmailVerified(claims)) throw new OAuthFailure('The provider has not verified this email');
    const picture = typeof claims.picture === 'string' && /^https?:\/\//.test(claims.picture) ? claims.picture : null;
    return {
      providerUserId: sub,
      email,
      name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : (email.split('@')[0] ?? email),
      avatar: this.settings.hasPublicPicture ? picture : null,
    };
  }
}
