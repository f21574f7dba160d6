import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

const keyA = randomBytes(32).toString('hex');
const keyB = randomBytes(32).toString('base64');

describe('SecretBox', () => {
  it('round-trips a secret without the plaintext in the sealed text', () => {
    const box = new SecretBox(keyA);
    const sealed = box.seal('hunter2-smtp-password');
    expect(sealed).not.toContain('hunter2');
    expect(box.open(sealed)).toBe('hunter2-smtp-password');
  });

  it('opens secrets sealed with a previous key after rotation and flags them', () => {
    const sealedWithA = new SecretBox(keyA).seal('old');
    const rotated = new SecretBox(keyB, [keyA]);
    expect(rotated.open(sealedWithA)).toBe('old');
    expect(rotated.needsRotation(sealedWithA)).toBe(true);
    expect(rotated.needsRotation(rotated.seal('new'))).toBe(false);
  });

  it('reseals a secret from a previous key once, and names a secret no key opens', () => {
    const sealedWithA = new SecretBox(keyA).seal('old');
    const rotated = new SecretBox(keyB, [keyA]);
    const resealed = rotated.reseal(sealedWithA, 'the test secret');
    expect(resealed).not.toBeNull();
    expect(new SecretBox(keyB).open(resealed ?? '')).toBe('old');
    expect(rotated.reseal(resealed ?? '', 'the test secret')).toBeNull();
    expect(() => new SecretBox(keyB).reseal(sealedWithA, 'the test secret')).toThrow(
      /Cannot open the test secret: .*unknown key/,
    );
  });

  it('refuses tampered ciphertext', () => {
    const box = new SecretBox(keyA);
    const parts = box.seal('secret').split(':');
    parts[4] = Buffer.from('tampered').toString('base64');
    expect(() => box.open(parts.join(':'))).toThrow();
  });

  it('rejects keys that are not 32 bytes', () => {
    expect(() => new SecretBox('short')).toThrow(/32 bytes/);
  });
});
