import { describe, expect, it } from 'vitest';
import { newEmailId } from './email-ids';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisecondOf = (id: string) => Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('newEmailId', () => {
  it('is a uuid v7 carrying the millisecond it was made for', () => {
    const at = Date.UTC(2026, 10, 28, 1, 2, 3, 456);
    const id = newEmailId(at);
    expect(id).toMatch(V7);
    expect(millisecondOf(id)).toBe(at);
    expect(millisecondOf(newEmailId(0))).toBe(0);
  });

  it('differs in its random bits between ids of the same millisecond', () => {
    const at = Date.now();
    const ids = Array.from({ length: 10_000 }, () => newEmailId(at));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 100)) expect(id).toMatch(V7);
    // 74 random bits: every hex digit after the version takes many values across the ids.
    const lastDigits = new Set(ids.map((id) => id.slice(-1)));
    expect(lastDigits.size).toBe(16);
  });
});
