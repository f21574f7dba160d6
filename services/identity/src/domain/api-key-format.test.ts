import { describe, expect, it } from 'vitest';
import { generateApiKey, looksLikeApiKey, maskApiKey, storedPartsOf } from './api-key-format';
import { hashSecret } from './secret-tokens';

describe('API key format', () => {
  it('generates mw_live_ keys with 32 base62 characters', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^mw_live_[A-Za-z0-9]{32}$/);
    expect(looksLikeApiKey(key)).toBe(true);
    expect(generateApiKey()).not.toBe(key);
  });

  it('rejects strings that are not keys', () => {
    expect(looksLikeApiKey('mw_live_short')).toBe(false);
    expect(looksLikeApiKey(`mw_test_${'a'.repeat(32)}`)).toBe(false);
    expect(looksLikeApiKey(`mw_live_${'a'.repeat(31)}!`)).toBe(false);
  });

  it('stores a hash, the first 12 characters and the last 4', () => {
    const key = 'mw_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    const parts = storedPartsOf(key);
    expect(parts).toEqual({ keyHash: hashSecret(key), prefix: 'mw_live_AbCd', last4: '2345' });
    expect(maskApiKey(parts.prefix, parts.last4)).toBe('mw_live_AbCd…2345');
  });
});
