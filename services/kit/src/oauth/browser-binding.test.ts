import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { matchesBinding, newBrowserBinding } from './browser-binding';
import { createPkcePair } from './pkce';
import { startAttempt } from './start-attempt';
import { OAuthStates } from './state';

describe('browser binding', () => {
  it('matches only the nonce whose hash it keeps', () => {
    const binding = newBrowserBinding();
    expect(binding.nonce).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(matchesBinding(binding.nonce, binding.hash)).toBe(true);
    expect(matchesBinding(`${binding.nonce}x`, binding.hash)).toBe(false);
    expect(matchesBinding(newBrowserBinding().nonce, binding.hash)).toBe(false);
    expect(matchesBinding(undefined, binding.hash)).toBe(false);
    expect(matchesBinding('', binding.hash)).toBe(false);
  });

  it('starts an attempt whose state carries the hash of the nonce in its cookie', async () => {
    const states = new OAuthStates({ secret: 'x'.repeat(40), issuer: 'test', audience: 'test-state' });
    const cookie = { name: 'mw_test_google', path: '/api/test/google/callback', sameSite: 'Lax' } as const;
    const started = await startAttempt(states, { provider: 'google', subject: 'a-1', cookie, publicUrl: 'https://x.test' });
    const nonce = /^mw_test_google=([^;]+);/.exec(started.setCookie)?.[1];
    expect(started.setCookie).toContain('; Max-Age=600; HttpOnly; SameSite=Lax; Secure');
    const checked = await states.verify(started.state, 'google');
    expect(checked.ok && matchesBinding(nonce, checked.claims.binding)).toBe(true);
    expect(started.binding).toBe(checked.ok ? checked.claims.binding : undefined);
  });
});

describe('PKCE', () => {
  it('makes S256 pairs', () => {
    const { verifier, challenge } = createPkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(createPkcePair().verifier).not.toBe(verifier);
  });
});
