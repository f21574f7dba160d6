import { SecretBox } from '@mailwright/kit';
import { describe, expect, it } from 'vitest';
import { signOAuthState, verifyOAuthState } from './oauth-state';

const secret = 'x'.repeat(40);
const box = new SecretBox('a'.repeat(64));
const state = {
  userId: '3f0c8f8e-6d8e-4c43-9d8c-1b0b1c2d3e4f',
  provider: 'gmail' as const,
  codeVerifier: 'v'.repeat(50),
  browserBinding: 'b'.repeat(43),
};

describe('OAuth state', () => {
  it('round-trips the user, provider and PKCE verifier', async () => {
    const token = await signOAuthState(secret, box, state);
    expect(token).not.toContain(state.codeVerifier);
    await expect(verifyOAuthState(secret, box, token, 'gmail')).resolves.toEqual({ ok: true, state });
  });

  it('reports an expired state as session_expired', async () => {
    const token = await signOAuthState(secret, box, state, -5);
    await expect(verifyOAuthState(secret, box, token, 'gmail')).resolves.toEqual({ ok: false, reason: 'session_expired' });
  });

  it('rejects a state for another provider, a forged one and a missing one', async () => {
    const token = await signOAuthState(secret, box, state);
    await expect(verifyOAuthState(secret, box, token, 'outlook')).resolves.toMatchObject({ reason: 'invalid_state' });
    const forged = await signOAuthState('y'.repeat(40), box, state);
    await expect(verifyOAuthState(secret, box, forged, 'gmail')).resolves.toMatchObject({ reason: 'invalid_state' });
    await expect(verifyOAuthState(secret, box, undefined, 'gmail')).resolves.toMatchObject({ reason: 'invalid_state' });
  });
});
