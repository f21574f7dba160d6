import { describe, expect, it } from 'vitest';
import { addOneMonth } from './billing-period';

describe('addOneMonth', () => {
  it('keeps the day and time of day', () => {
    expect(addOneMonth(new Date('2025-01-05T13:00:00.000Z')).toISOString()).toBe('2025-02-05T13:00:00.000Z');
  });

  it('ends on the last day of a shorter month', () => {
    expect(addOneMonth(new Date('2025-01-31T08:00:00.000Z')).toISOString()).toBe('2025-02-28T08:00:00.000Z');
    expect(addOneMonth(new Date('2024-01-31T08:00:00.000Z')).toISOString()).toBe('2024-02-29T08:00:00.000Z');
  });

  it('crosses the year end', () => {
    expect(addOneMonth(new Date('2025-12-15T00:00:00.000Z')).toISOString()).toBe('2026-01-15T00:00:00.000Z');
  });
});
