import { describe, expect, it } from 'vitest';
import { formatEmailClock } from './format-email-time';
import { HOLD_UNTIL_RESUMED, holdExpected, holdText } from './hold-text';

const now = new Date('2025-01-05T08:00:00.000Z');

describe('formatEmailClock', () => {
  it('shows only the clock on the same day in the zone, the date too on another day', () => {
    expect(formatEmailClock('2025-01-05T08:35:00.000Z', 'Asia/Kolkata', now)).toBe('14:05 IST');
    expect(formatEmailClock('2025-01-05T20:00:00.000Z', 'Asia/Kolkata', now)).toBe('Jan 06, 01:30 IST');
    expect(formatEmailClock('2025-01-05T09:00:00.000Z', null, now)).toBe('09:00 UTC');
    expect(formatEmailClock(null, 'UTC', now)).toBe('');
  });
});

describe('hold text', () => {
  it('names the reason and the expected time in the email zone', () => {
    const hold = { reason: 'sender_minute_limit' as const, until: '2025-01-05T08:35:00.000Z' };
    expect(holdExpected(hold, 'Asia/Kolkata', now)).toBe('expected 14:05 IST');
    expect(holdText(hold, 'Asia/Kolkata', now)).toBe("Held: the sender's per-minute limit — expected 14:05 IST");
  });

  it('says it goes when the sender resumes when there is no expected time', () => {
    const hold = { reason: 'sender_paused' as const, until: null };
    expect(holdExpected(hold, 'UTC', now)).toBe(HOLD_UNTIL_RESUMED);
    expect(holdText(hold)).toBe('Held: the sender is paused — when the sender resumes');
  });
});
