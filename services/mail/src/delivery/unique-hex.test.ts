import { describe, expect, it } from 'vitest';
import { uniqueHex } from './unique-hex';

describe('uniqueHex', () => {
  it('answers the asked number of hex characters', () => {
    for (const length of [1, 12, 16, 24, 32]) expect(uniqueHex(length)).toMatch(new RegExp(`^[0-9a-f]{${length}}$`));
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 10_000 }, () => uniqueHex(12)));
    expect(seen.size).toBe(10_000);
  });

  it('refuses a length it cannot give', () => {
    for (const length of [0, 33, 1.5, Number.NaN]) expect(() => uniqueHex(length)).toThrow(RangeError);
  });
});
