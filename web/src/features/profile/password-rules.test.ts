import { describe, expect, it } from 'vitest';
import { canChangePassword, passwordChangeError } from './password-rules';

describe('passwordChangeError', () => {
  it('needs matching passwords first, then six characters', () => {
    expect(passwordChangeError('abcdef', 'abcdeg')).toBe('New passwords do not match');
    expect(passwordChangeError('abc', 'abc')).toBe('New password must be at least 6 characters');
    expect(passwordChangeError('abcdef', 'abcdef')).toBeNull();
  });
});

describe('canChangePassword', () => {
  it('refuses OAuth-only accounts', () => {
    expect(canChangePassword({ oauthProviders: [], hasPassword: true })).toBe(true);
    expect(canChangePassword({ oauthProviders: ['google'], hasPassword: false })).toBe(false);
    expect(canChangePassword({ oauthProviders: ['google'], hasPassword: true })).toBe(true);
  });
});
