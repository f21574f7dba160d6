import { describe, expect, it } from 'vitest';
import { rangeFrom, rangeTo } from './date-range';

describe('date filters', () => {
  it.each([
    '-010000-01-01',
    '+275760-09-13',
    '275760-09-14',
    '2024-02-30',
    '2023-02-29',
    '2024-13-01',
    '0000-01-01',
    '2024-01-01T24:00:00Z',
    '2024-01-01T10:00:00+25:00',
    'yesterday',
    '1',
    '2024-1-1',
  ])('refuses %s with a 400 naming the parameter', (text) => {
    expect(() => rangeFrom(text)).toThrow(
      expect.objectContaining({ statusCode: 400, message: expect.stringMatching(/^from must be a real date/) }),
    );
    expect(() => rangeTo(text)).toThrow(
      expect.objectContaining({ statusCode: 400, message: expect.stringMatching(/^to must be a real date/) }),
    );
  });

  it('reads a day as the whole UTC day and an instant as given (UTC without an offset)', () => {
    expect(rangeFrom('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(rangeTo('2024-02-29')?.toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(rangeFrom('2024-02-29T10:30:00+02:00')?.toISOString()).toBe('2024-02-29T08:30:00.000Z');
    expect(rangeTo('2024-02-29T10:30')?.toISOString()).toBe('2024-02-29T10:30:00.000Z');
    expect(rangeFrom('9999-12-31')?.toISOString()).toBe('9999-12-31T00:00:00.000Z');
    expect(rangeFrom(undefined)).toBeNull();
  });
});
