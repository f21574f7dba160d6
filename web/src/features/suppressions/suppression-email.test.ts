import { describe, expect, it } from 'vitest';
import { suppressionEmailError } from './suppression-email';

describe('suppressionEmailError', () => {
  it('accepts one address, trimmed', () => {
    expect(suppressionEmailError('  gone@example.com ')).toBeNull();
    expect(suppressionEmailError('first.last+tag@mail.example.co.uk')).toBeNull();
  });

  it('names what is wrong with an empty, malformed or too long address', () => {
    expect(suppressionEmailError('   ')).toBe('Enter an email address');
    for (const bad of ['gone', 'gone@', '@example.com', 'gone@example', 'a b@example.com', 'a@b@example.com', 'a@example.']) {
      expect(suppressionEmailError(bad)).toBe('Enter a valid email address, like name@example.com');
    }
    expect(suppressionEmailError(`${'a'.repeat(250)}@example.com`)).toBe('An email address has at most 254 characters');
  });
});
