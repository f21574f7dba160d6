import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('secret123');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'secret123')).toBe(true);
    expect(await verifyPassword(hash, 'secret124')).toBe(false);
  });

  it('refuses when there is no hash (unknown user or OAuth-only account)', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword(undefined, '')).toBe(false);
  });
});
