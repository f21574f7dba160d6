// Google and Microsoft: OpenID Connect authorization code flow with PKCE; the profile comes from userinfo, the
// email-verification evidence from userinfo and the ID token (Microsoft puts xms_edov and verified_*_email there).
import { decodeJwt } from 'jose';
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
  /** Decides from the ID token and userinfo claims whether the provider vouches for `email`. */
  isEmailVerified(claims: Record<string, unknown>, email: string): boolean;
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
    const { accessToken, idToken } = await exchangeCode(this.settings.tokenEndpoint, {
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
    const evidence = { ...this.idTokenClaims(idToken, sub), ...claims };
    const picture = typeof claims.picture === 'string' && /^https?:\/\//.test(claims.picture) ? claims.picture : null;
    return {
      providerUserId: sub,
      email,
      isEmailVerified: this.settings.isEmailVerified(evidence, email),
      name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : (email.split('@')[0] ?? email),
      avatar: this.settings.hasPublicPicture ? picture : null,
    };
  }

  /**
   * The ID token came straight from the token endpoint over TLS (OIDC core 3.1.3.7 lets that stand in for its
   * signature); its claims only count when it was issued to us about the same person as userinfo.
   */
  private idTokenClaims(idToken: string | undefined, sub: string): Record<string, unknown> {
    if (!idToken) return {};
    try {
      const claims = decodeJwt(idToken);
      const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if (claims.sub !== sub || !audiences.includes(this.settings.clientId)) return {};
      return claims;
    } catch {
      return {};
    }
  }
}
