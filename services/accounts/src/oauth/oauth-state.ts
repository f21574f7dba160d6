// The OAuth `state`: an HS256 JWT (INTERNAL_SECRET) bound to the user and provider, valid 10 minutes.
// It also carries the PKCE verifier, sealed with SecretBox so the URL never reveals it, and the hash of a
// nonce set as a cookie in the browser that started the flow (so a provider link sent to someone else fails).
import type { OAuthEmailProvider } from '@mailwright/contracts';
import type { SecretBox } from '@mailwright/kit';
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'mailwright-accounts';
const AUDIENCE = 'mailwright-accounts-oauth-state';
export const STATE_TTL_SECONDS = 600;

export interface OAuthState {
  userId: string;
  provider: OAuthEmailProvider;
  codeVerifier: string;
  /** sha256 of the nonce kept in the starting browser's cookie: the callback must come from that browser. */
  browserBinding: string;
}

export type StateCheck = { ok: true; state: OAuthState } | { ok: false; reason: 'invalid_state' | 'session_expired' };

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signOAuthState(
  secret: string,
  box: SecretBox,
  state: OAuthState,
  ttlSeconds = STATE_TTL_SECONDS,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ prv: state.provider, pkce: box.seal(state.codeVerifier), bnd: state.browserBinding })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(state.userId)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(keyOf(secret));
}

export async function verifyOAuthState(
  secret: string,
  box: SecretBox,
  token: string | undefined,
  provider: OAuthEmailProvider,
): Promise<StateCheck> {
  if (!token) return { ok: false, reason: 'invalid_state' };
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    if (
      payload.prv !== provider ||
      typeof payload.sub !== 'string' ||
      typeof payload.pkce !== 'string' ||
      typeof payload.bnd !== 'string'
    ) {
      return { ok: false, reason: 'invalid_state' };
    }
    return {
      ok: true,
      state: { userId: payload.sub, provider, codeVerifier: box.open(payload.pkce), browserBinding: payload.bnd },
    };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'session_expired' };
    return { ok: false, reason: 'invalid_state' };
  }
}
