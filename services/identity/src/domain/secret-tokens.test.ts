import { describe, expect, it } from 'vitest';
import { generateSecretToken, hashSecret } from './secret-tokens';

describe('secret tokens', () => {
  it('generates url-safe tokens of 32 random bytes that differ every time', () => {
    const a = generateSecretToken();
    const b = generateSecretToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('hashes with sha256 so the stored value is not the token', () => {
    const token = generateSecretToken();
    const hash = hashSecret(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(hashSecret(token)).toBe(hash);
    expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
