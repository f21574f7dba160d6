// The OAuth `state`: an HS256 token (key derived from INTERNAL_SECRET and the audience) naming the provider,
// the attempt's subject (an attempt id or a user id) and the browser binding's hash, valid 10 minutes by
// default. A PKCE verifier that travels in it is sealed with SecretBox, so the URL never reveals it.
import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { SecretBox } from '../secret-box';

export const STATE_TTL_SECONDS = 600;

export interface OAuthStateClaims {
  provider: string;
  subject: string;
  /** sha256 of the nonce in the starting browser's cookie: the callback must come from that browser. */
  binding: string;
  codeVerifier?: string;
}

export type OAuthStateCheck = { ok: true; claims: OAuthStateClaims } | { ok: false; reason: 'invalid' | 'expired' };

export interface OAuthStateOptions {
  secret: string;
  issuer: string;
  audience: string;
  /** Needed only when states carry a PKCE verifier. */
  box?: SecretBox;
  ttlSeconds?: number;
}

export class OAuthStates {
  readonly ttlSeconds: number;
  private readonly key: Uint8Array;

  constructor(private readonly options: OAuthStateOptions) {
    this.ttlSeconds = options.ttlSeconds ?? STATE_TTL_SECONDS;
    this.key = createHmac('sha256', options.secret).update(`${options.audience} v1`).digest();
  }

  async sign(claims: OAuthStateClaims, ttlSeconds = this.ttlSeconds): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ prv: claims.provider, bnd: claims.binding, ...this.sealedVerifier(claims.codeVerifier) })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(this.options.issuer)
      .setAudience(this.options.audience)
      .setSubject(claims.subject)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.key);
  }

  /** The claims when the state is authentic, unexpired and for `provider`. */
  async verify(token: string | undefined, provider: string): Promise<OAuthStateCheck> {
    if (!token) return { ok: false, reason: 'invalid' };
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: ['HS256'],
      });
      const { prv, bnd, pkce, sub } = payload;
      if (prv !== provider || typeof sub !== 'string' || typeof bnd !== 'string') return { ok: false, reason: 'invalid' };
      if (pkce !== undefined && (typeof pkce !== 'string' || !this.options.box)) return { ok: false, reason: 'invalid' };
      const codeVerifier = pkce === undefined ? undefined : this.options.box?.open(pkce);
      return { ok: true, claims: { provider, subject: sub, binding: bnd, ...(codeVerifier ? { codeVerifier } : {}) } };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }

  private sealedVerifier(codeVerifier: string | undefined): { pkce?: string } {
    if (codeVerifier === undefined) return {};
    if (!this.options.box) throw new Error('A PKCE verifier in the OAuth state must be sealed: give OAuthStates a SecretBox');
    return { pkce: this.options.box.seal(codeVerifier) };
  }
}
