import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPkcePair, StateTokens } from './state-token';

describe('OAuth state tokens', () => {
  const tokens = new StateTokens('x'.repeat(40));

  it('round-trips the attempt id for the same provider', async () => {
    const state = await tokens.sign('google', 'attempt-1');
    expect(await tokens.verify(state, 'google')).toBe('attempt-1');
  });

  it('refuses another provider, a tampered token or another secret', async () => {
    const state = await tokens.sign('google', 'attempt-1');
    expect(await tokens.verify(state, 'github')).toBeUndefined();
    const [header, payload, signature] = state.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), jti: 'other' }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`, 'google')).toBeUndefined();
    expect(await new StateTokens('y'.repeat(40)).verify(state, 'google')).toBeUndefined();
    expect(await tokens.verify('not-a-token', 'google')).toBeUndefined();
  });

  it('makes S256 PKCE pairs', () => {
    const { verifier, challenge } = createPkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });
});
