import { isValidTimeZone } from '@mailwright/contracts';
import { describe, expect, it } from 'vitest';
import { checkScheduleWindow, parseScheduledAt } from './schedule-time';

describe('parseScheduledAt', () => {
  it('keeps an instant with an offset as given', () => {
    expect(parseScheduledAt('2030-01-05T13:00:00Z', 'Asia/Kolkata').toISOString()).toBe('2030-01-05T13:00:00.000Z');
    expect(parseScheduledAt('2030-01-05T13:00:00+05:30', null).toISOString()).toBe('2030-01-05T07:30:00.000Z');
  });

  it('reads wall-clock time in the email time zone, across daylight saving', () => {
    expect(parseScheduledAt('2030-01-05T13:00', 'Asia/Kolkata').toISOString()).toBe('2030-01-05T07:30:00.000Z');
    expect(parseScheduledAt('2030-07-01T09:00', 'America/New_York').toISOString()).toBe('2030-07-01T13:00:00.000Z');
    expect(parseScheduledAt('2030-12-01T09:00', 'America/New_York').toISOString()).toBe('2030-12-01T14:00:00.000Z');
    expect(parseScheduledAt('2030-12-01T09:00:00', null).toISOString()).toBe('2030-12-01T09:00:00.000Z');
  });

  it('rejects text that is not a date and time', () => {
    expect(() => parseScheduledAt('tomorrow', null)).toThrow(/ISO 8601/);
    expect(() => parseScheduledAt('2030-02-31T25:00', null)).toThrow();
  });
});

describe('checkScheduleWindow', () => {
  it('accepts the future up to a year and refuses the past', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(() => checkScheduleWindow(new Date(now + 60_000), now)).not.toThrow();
    expect(() => checkScheduleWindow(new Date(now - 1), now)).toThrow(/future/);
    expect(() => checkScheduleWindow(new Date(now + 366 * 86_400_000), now)).toThrow(/one year/);
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA names and their aliases, refuses the rest', () => {
    for (const zone of ['Asia/Kolkata', 'Asia/Calcutta', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+5']) {
      expect(isValidTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['Mars/Olympus', 'Asia/Kolkata\r\n', '../etc', 'A/B/C/D']) expect(isValidTimeZone(zone), zone).toBe(false);
  });
});
