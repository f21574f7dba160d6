import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { costOf } from '../../test/hash-cost';
import { OWASP_MINIMUM_COST as OWASP_MINIMUM, Passwords } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id at the configured cost and verifies only the right password', async () => {
    const passwords = new Passwords(OWASP_MINIMUM);
    const hash = await passwords.hash('secret123');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(costOf(hash)).toEqual({ m: '19456', t: '2', p: '1' });
    expect(await passwords.verify(hash, 'secret123')).toBe(true);
    expect(await passwords.verify(hash, 'secret124')).toBe(false);
  });

  it('verifies a hash made at another cost: the hash carries its own', async () => {
    const older = await argon2.hash('secret123', { type: argon2.argon2id });
    expect(costOf(older)).toEqual({ m: '65536', t: '3', p: '4' });
    expect(await new Passwords(OWASP_MINIMUM).verify(older, 'secret123')).toBe(true);
  });

  it('needs no rehash for an argon2id hash made at the configured cost', async () => {
    const passwords = new Passwords(OWASP_MINIMUM);
    expect(passwords.needsRehash(await passwords.hash('secret123'))).toBe(false);
  });

  it('needs a rehash when any part of the cost differs, or the type is not argon2id', async () => {
    const passwords = new Passwords(OWASP_MINIMUM);
    const { memoryKib, iterations, parallelism } = OWASP_MINIMUM;
    const hashWith = (options: argon2.HashOptions) =>
      argon2.hash('secret123', { type: argon2.argon2id, memoryCost: memoryKib, timeCost: iterations, parallelism, ...options });
    expect(passwords.needsRehash(await hashWith({}))).toBe(false);
    expect(passwords.needsRehash(await hashWith({ memoryCost: 2 * memoryKib }))).toBe(true);
    expect(passwords.needsRehash(await hashWith({ timeCost: iterations + 1 }))).toBe(true);
    expect(passwords.needsRehash(await hashWith({ parallelism: parallelism + 1 }))).toBe(true);
    expect(passwords.needsRehash(await hashWith({ type: argon2.argon2i }))).toBe(true);
  });

  it('refuses when there is no hash (unknown user or OAuth-only account)', async () => {
    const passwords = new Passwords(OWASP_MINIMUM);
    expect(await passwords.verify(null, 'anything')).toBe(false);
    expect(await passwords.verify(undefined, '')).toBe(false);
  });
});
