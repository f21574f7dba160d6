import { describe, expect, it } from 'vitest';
import { findPlaceholderVariable } from './placeholder-values';

const names = ['INTERNAL_SECRET', 'ENCRYPTION_KEY', 'ENCRYPTION_PREVIOUS_KEYS', 'DATABASE_URL'];

describe('findPlaceholderVariable', () => {
  it("finds the env.example's change-me values", () => {
    expect(findPlaceholderVariable(names, { INTERNAL_SECRET: 'change-me-at-least-32-characters-long' })).toBe('INTERNAL_SECRET');
    expect(findPlaceholderVariable(names, { ENCRYPTION_KEY: 'CHANGEME' })).toBe('ENCRYPTION_KEY');
  });

  it("finds the k8s Secret's REPLACE_ME values, also as a URL's password", () => {
    expect(findPlaceholderVariable(names, { INTERNAL_SECRET: 'REPLACE_ME_WITH_64_HEX_CHARACTERS' })).toBe('INTERNAL_SECRET');
    expect(findPlaceholderVariable(names, { DATABASE_URL: 'postgres://mailwright:REPLACE_ME@db.example.internal:5432/mw' })).toBe(
      'DATABASE_URL',
    );
    expect(findPlaceholderVariable(names, { DATABASE_URL: 'postgres://mailwright:change-me-hex-only@db:5432/mw' })).toBe(
      'DATABASE_URL',
    );
  });

  it('finds a placeholder among the items of a list', () => {
    expect(findPlaceholderVariable(names, { ENCRYPTION_PREVIOUS_KEYS: `${'a'.repeat(64)}, replace-me` })).toBe(
      'ENCRYPTION_PREVIOUS_KEYS',
    );
  });

  it('names the first offending variable in the order given', () => {
    expect(findPlaceholderVariable(names, { DATABASE_URL: 'postgres://u:change-me@h/d', ENCRYPTION_KEY: 'change-me' })).toBe(
      'ENCRYPTION_KEY',
    );
  });

  it('accepts real values, a placeholder word inside a value, and variables outside the names', () => {
    const real = {
      INTERNAL_SECRET: 'f'.repeat(64),
      ENCRYPTION_KEY: 'e'.repeat(64),
      ENCRYPTION_PREVIOUS_KEYS: '',
      DATABASE_URL: 'postgres://mailwright:a1b2c3@change-me.internal:5432/mailwright',
      OTHER: 'change-me',
    };
    expect(findPlaceholderVariable(names, real)).toBeUndefined();
    expect(findPlaceholderVariable(names, { INTERNAL_SECRET: 'secret-not-to-change-me-0123456789' })).toBeUndefined();
  });
});
