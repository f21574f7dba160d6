// Google and Microsoft: OpenID Connect authorization code flow with PKCE; the profile comes from userinfo, the
// email-verification evidence from userinfo and the ID token (Microsoft puts xms_edov and verified_*_email there).
import { buildAuthorizationUrl, fetchJson, type OAuthClient, OAuthFailure, pkceParams, requestTokens } from '@mailwright/kit';
import { decodeJwt } from 'jose';
import { httpUrlOrNull, type ProviderName, type ProviderProfile, type SignInProvider } from './provider';

export interface OidcProviderSettings {
  name: ProviderName;
  client: OAuthClient;
  userinfoEndpoint: string;
  scope: string;
  extraAuthorizationParams?: Record<string, string>;
  /** Decides from the ID token and userinfo claims whether the provider vouches for `email`. */
  isEmailVerified(claims: Record<string, unknown>, email: string): boolean;
  /** Whether userinfo's `picture` can be shown as-is (Microsoft's needs a token). */
  hasPublicPicture: boolean;
}

export class OidcProvider implements SignInProvider {
  readonly usesPkce = true;

  constructor(private readonly settings: OidcProviderSettings) {}

  get name(): ProviderName {
    return this.settings.name;
  }

  get client(): OAuthClient {
    return this.settings.client;
  }

  authorizationUrl(request: { state: string; redirectUri: string; codeChallenge?: string }): string {
    return buildAuthorizationUrl(this.client, {
      response_type: 'code',
      redirect_uri: request.redirectUri,
      scope: this.settings.scope,
      state: request.state,
      ...this.settings.extraAuthorizationParams,
      ...(request.codeChallenge ? pkceParams(request.codeChallenge) : {}),
    });
  }

  async fetchProfile(request: { code: string; redirectUri: string; codeVerifier?: string }): Promise<ProviderProfile> {
    const { accessToken, idToken } = await requestTokens(this.client, {
      grant_type: 'authorization_code',
      code: request.code,
      redirect_uri: request.redirectUri,
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
    return {
      providerUserId: sub,
      email,
      isEmailVerified: this.settings.isEmailVerified(evidence, email),
      name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : (email.split('@')[0] ?? email),
      avatar: this.settings.hasPublicPicture ? httpUrlOrNull(claims.picture) : null,
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
      if (claims.sub !== sub || !audiences.includes(this.client.clientId)) return {};
      return claims;
    } catch {
      return {};
    }
  }
}
