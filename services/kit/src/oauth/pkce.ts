// PKCE (RFC 7636, S256): the verifier stays with us (server-side or sealed in the state), the challenge goes
// to the provider, so a stolen authorization code is useless without the verifier.
import { createHash, randomBytes } from 'node:crypto';

export interface PkcePair {
  verifier: string;
  challenge: string;
}

/** A 43-character verifier (32 random bytes) and its S256 challenge. */
export function createPkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorization-request parameters that carry a challenge. */
export const pkceParams = (challenge: string) => ({ code_challenge: challenge, code_challenge_method: 'S256' });
