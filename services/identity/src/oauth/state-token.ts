// The OAuth `state`: an HS256 token (key derived from INTERNAL_SECRET) naming the provider and an attempt id,
// valid 10 minutes. The attempt row makes it single-use and keeps the PKCE verifier off the URL.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const STATE_TTL_SECONDS = 600;
const ISSUER = 'mailwright-identity';
const AUDIENCE = 'mailwright-oauth-state';

export class StateTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('mailwright oauth state v1').digest();
  }

  sign(provider: string, jti: string): Promise<string> {
    return new SignJWT({ provider })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(`${STATE_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** The attempt id when the state is authentic, unexpired and for this provider; otherwise undefined. */
  async verify(state: string, provider: string): Promise<string | undefined> {
    try {
      const { payload } = await jwtVerify(state, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      if (payload.provider !== provider || typeof payload.jti !== 'string') return undefined;
      return payload.jti;
    } catch {
      return undefined;
    }
  }
}

export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
