// Verifies users' JWTs against identity's JWKS: ES256 only, our issuer and audience, unexpired. Whether the
// session is still on (its `sv` claim against the user's current version) is checked per request by the
// authenticator, so a cached verification never outlives a revocation.
import { SESSION_VERSION_CLAIM } from '@mailwright/contracts';
import { AppError, TtlCache } from '@mailwright/kit';
import { createRemoteJWKSet, jwtVerify } from 'jose';

export const USER_TOKEN_ISSUER = 'mailwright-identity';
export const USER_TOKEN_AUDIENCE = 'mailwright';

export interface VerifiedUserToken {
  userId: string;
  /** The token's `sv` claim; tokens issued before session versions existed count as 0. */
  sessionVersion: number;
}

export class UserTokenVerifier {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;
  // A verified token keeps its answer until it expires; ES256 verification is the gateway's costliest step.
  private readonly verified = new TtlCache<string, VerifiedUserToken>({ ttlMs: 0, maxEntries: 50_000 });

  /**
   * A token whose `kid` is not in the cached JWKS makes jose fetch the JWKS again at once (a key rotation's next
   * key), at most once per `cooldownMs`; the cache otherwise lives 10 minutes (identity's rotation waits that long
   * between publishing a key and signing with it).
   */
  constructor(identityUrl: string, options: { cooldownMs?: number } = {}) {
    this.jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', identityUrl), {
      cooldownDuration: options.cooldownMs ?? 5_000,
      cacheMaxAge: 10 * 60_000,
      timeoutDuration: 3_000,
    });
  }

  /** The user and session version in a valid token, or null for anything else (bad signature, alg, issuer, audience, expiry). */
  async verify(token: string): Promise<VerifiedUserToken | null> {
    const hit = this.verified.peek(token);
    if (hit) return hit;
    try {
      const { payload } = await jwtVerify(token, this.jwks, {
        algorithms: ['ES256'],
        issuer: USER_TOKEN_ISSUER,
        audience: USER_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'exp'],
      });
      if (!payload.sub || !payload.exp) return null;
      const claimed = payload[SESSION_VERSION_CLAIM] ?? 0;
      if (typeof claimed !== 'number' || !Number.isSafeInteger(claimed)) return null;
      // Kept until the token expires (each entry its own lifetime).
      return this.verified.set(token, { userId: payload.sub, sessionVersion: claimed }, payload.exp * 1000 - Date.now());
    } catch (error) {
      // JWKS unreachable is not the caller's fault: 503 rather than 401.
      if (error instanceof Error && /fetch failed|ECONNREFUSED|timed out|Expected 200 OK/i.test(error.message)) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The identity service is unavailable right now. Please try again shortly.');
      }
      return null;
    }
  }
}
