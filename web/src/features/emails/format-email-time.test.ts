import { describe, expect, it } from 'vitest';
import { formatEmailTime, formatViewerTime, viewerTimeZone } from './format-email-time';

describe('formatEmailTime', () => {
  it('formats in UTC when the email has no zone', () => {
    expect(formatEmailTime('2025-01-05T13:00:00.000Z', null)).toBe('Jan 05, 2025 13:00:00 UTC');
    expect(formatEmailTime('2025-01-05T00:00:09.000Z')).toBe('Jan 05, 2025 00:00:09 UTC');
  });

  it("formats in the email's own zone with its short name", () => {
    expect(formatEmailTime('2025-01-05T13:00:00.000Z', 'America/New_York')).toBe('Jan 05, 2025 08:00:00 EST');
    expect(formatEmailTime('2025-07-05T13:00:00.000Z', 'America/New_York')).toBe('Jul 05, 2025 09:00:00 EDT');
    expect(formatEmailTime('2025-01-05T20:00:00.000Z', 'Asia/Kolkata')).toBe('Jan 06, 2025 01:30:00 IST');
  });

  it('falls back to UTC for an unknown zone and to empty text for no time', () => {
    expect(formatEmailTime('2025-12-31T23:59:59.000Z', 'Nowhere/Land')).toBe('Dec 31, 2025 23:59:59 UTC');
    expect(formatEmailTime(null, 'UTC')).toBe('');
    expect(formatEmailTime('not a date')).toBe('');
  });
});

describe('zone abbreviations', () => {
  it('names zones Intl only gives as an offset by their abbreviation, with daylight saving', () => {
    expect(formatEmailTime('2025-01-05T12:00:00.000Z', 'Asia/Calcutta')).toBe('Jan 05, 2025 17:30:00 IST');
    expect(formatEmailTime('2025-01-05T12:00:00.000Z', 'Europe/Berlin')).toBe('Jan 05, 2025 13:00:00 CET');
    expect(formatEmailTime('2025-07-05T12:00:00.000Z', 'Europe/Berlin')).toBe('Jul 05, 2025 14:00:00 CEST');
    expect(formatEmailTime('2025-01-05T12:00:00.000Z', 'Europe/London')).toBe('Jan 05, 2025 12:00:00 GMT');
    expect(formatEmailTime('2025-07-05T12:00:00.000Z', 'Europe/London')).toBe('Jul 05, 2025 13:00:00 BST');
    expect(formatEmailTime('2025-01-05T12:00:00.000Z', 'Australia/Sydney')).toBe('Jan 05, 2025 23:00:00 AEDT');
    expect(formatEmailTime('2025-07-05T12:00:00.000Z', 'Australia/Sydney')).toBe('Jul 05, 2025 22:00:00 AEST');
  });

  it('keeps the offset for a zone the table does not know', () => {
    expect(formatEmailTime('2025-01-05T12:00:00.000Z', 'Asia/Yerevan')).toBe('Jan 05, 2025 16:00:00 GMT+4');
  });
});

describe('formatViewerTime', () => {
  it("shows every time in the viewer's zone, whatever the email's", () => {
    const iso = '2025-01-05T20:00:00.000Z';
    expect(formatViewerTime(iso)).toBe(formatEmailTime(iso, viewerTimeZone()));
    expect(formatViewerTime(null)).toBe('');
  });
});
