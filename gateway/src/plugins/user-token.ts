// Verifies users' JWTs against identity's JWKS: ES256 only, our issuer and audience, unexpired.
import { createRemoteJWKSet, jwtVerify } from 'jose';

export const USER_TOKEN_ISSUER = 'mailwright-identity';
export const USER_TOKEN_AUDIENCE = 'mailwright';

export class UserTokenVerifier {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;
  // A verified token keeps its answer until it expires; ES256 verification is the gateway's costliest step.
  private readonly verified = new Map<string, { userId: string; expiresAt: number }>();

  constructor(identityUrl: string) {
    this.jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', identityUrl), {
      cooldownDuration: 5_000,
      cacheMaxAge: 10 * 60_000,
      timeoutDuration: 3_000,
    });
  }

  /** The user id in a valid token, or null for anything else (bad signature, alg, issuer, audience, expiry). */
  async verify(token: string): Promise<string | null> {
    const now = Date.now();
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.expiresAt > now) return hit.userId;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.jwks, {
        algorithms: ['ES256'],
        issuer: USER_TOKEN_ISSUER,
        audience: USER_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'exp'],
      });
      if (!payload.sub || !payload.exp) return null;
      if (this.verified.size > 50_000) this.verified.clear();
      this.verified.set(token, { userId: payload.sub, expiresAt: payload.exp * 1000 });
      return payload.sub;
    } catch (error) {
      // JWKS unreachable is not the caller's fault: let the caller answer 503 rather than 401.
      if (error instanceof Error && /fetch failed|ECONNREFUSED|timed out|Expected 200 OK/i.test(error.message)) throw error;
      return null;
    }
  }
}
