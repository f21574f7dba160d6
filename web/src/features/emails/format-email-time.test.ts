import { describe, expect, it } from 'vitest';
import { formatEmailTime } from './format-email-time';

describe('formatEmailTime', () => {
  it('formats in UTC when the email has no zone', () => {
    expect(formatEmailTime('2025-01-05T13:00:00.000Z', null)).toBe('Jan 05, 2025 13:00:00 UTC');
    expect(formatEmailTime('2025-01-05T00:00:09.000Z')).toBe('Jan 05, 2025 00:00:09 UTC');
  });

  it("formats in the email's own zone with its short name", () => {
    expect(formatEmailTime('2025-01-05T13:00:00.000Z', 'America/New_York')).toBe('Jan 05, 2025 08:00:00 EST');
    expect(formatEmailTime('2025-07-05T13:00:00.000Z', 'America/New_York')).toBe('Jul 05, 2025 09:00:00 EDT');
    expect(formatEmailTime('2025-01-05T20:00:00.000Z', 'Asia/Kolkata')).toBe('Jan 06, 2025 01:30:00 GMT+5:30');
  });

  it('falls back to UTC for an unknown zone and to empty text for no time', () => {
    expect(formatEmailTime('2025-12-31T23:59:59.000Z', 'Nowhere/Land')).toBe('Dec 31, 2025 23:59:59 UTC');
    expect(formatEmailTime(null, 'UTC')).toBe('');
    expect(formatEmailTime('not a date')).toBe('');
  });
});
