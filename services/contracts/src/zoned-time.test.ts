import { describe, expect, it } from 'vitest';
import { isRealWallClockTime, wallClockToUtc, zonedWallTimeToUtc, zoneOffsetMs } from './zoned-time';

const iso = (date: string, time: string, zone: string) => zonedWallTimeToUtc(date, time, zone).toISOString();

describe('zonedWallTimeToUtc', () => {
  it('reads the wall time in a fixed-offset zone, under either name of India Standard Time', () => {
    expect(iso('2030-01-05', '18:30', 'Asia/Kolkata')).toBe('2030-01-05T13:00:00.000Z');
    expect(iso('2030-01-05', '18:30', 'Asia/Calcutta')).toBe('2030-01-05T13:00:00.000Z');
    expect(iso('2030-01-05', '13:00', 'UTC')).toBe('2030-01-05T13:00:00.000Z');
  });

  it('crosses the date line for zones far from UTC', () => {
    expect(iso('2030-01-01', '05:00', 'Pacific/Auckland')).toBe('2029-12-31T16:00:00.000Z');
    expect(iso('2030-01-01', '20:00', 'Pacific/Honolulu')).toBe('2030-01-02T06:00:00.000Z');
  });

  it('uses summer and winter offsets on either side of DST', () => {
    expect(iso('2030-01-15', '09:00', 'America/New_York')).toBe('2030-01-15T14:00:00.000Z');
    expect(iso('2030-07-15', '09:00', 'America/New_York')).toBe('2030-07-15T13:00:00.000Z');
    expect(iso('2030-07-15', '09:00', 'Europe/London')).toBe('2030-07-15T08:00:00.000Z');
  });

  it('moves a time inside the spring-forward gap forward by the gap', () => {
    // 2030-03-10: New York jumps from 02:00 EST to 03:00 EDT; 02:30 does not exist.
    expect(iso('2030-03-10', '02:30', 'America/New_York')).toBe('2030-03-10T07:30:00.000Z');
    expect(iso('2030-03-10', '03:00', 'America/New_York')).toBe('2030-03-10T07:00:00.000Z');
  });

  it('takes the first of two occurrences at the fall-back', () => {
    // 2030-11-03: 01:30 happens at EDT (05:30Z) and again at EST (06:30Z).
    expect(iso('2030-11-03', '01:30', 'America/New_York')).toBe('2030-11-03T05:30:00.000Z');
    expect(iso('2030-11-03', '02:30', 'America/New_York')).toBe('2030-11-03T07:30:00.000Z');
  });

  it('rejects malformed input, dates that do not exist and unknown zones', () => {
    expect(() => zonedWallTimeToUtc('2030-1-5', '10:00', 'UTC')).toThrow(RangeError);
    expect(() => zonedWallTimeToUtc('2030-02-31', '10:00', 'UTC')).toThrow(RangeError);
    expect(() => zonedWallTimeToUtc('2030-01-05', '24:00', 'UTC')).toThrow(RangeError);
    expect(() => zonedWallTimeToUtc('2030-01-05', '10:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('wallClockToUtc', () => {
  it('keeps seconds and milliseconds', () => {
    const wall = { year: 2030, month: 7, day: 1, hour: 9, minute: 0, second: 5, millisecond: 250 };
    expect(wallClockToUtc(wall, 'America/New_York').toISOString()).toBe('2030-07-01T13:00:05.250Z');
  });
});

describe('isRealWallClockTime', () => {
  it('accepts a leap day only in a leap year', () => {
    expect(isRealWallClockTime({ year: 2028, month: 2, day: 29, hour: 0, minute: 0 })).toBe(true);
    expect(isRealWallClockTime({ year: 2030, month: 2, day: 29, hour: 0, minute: 0 })).toBe(false);
    expect(isRealWallClockTime({ year: 2030, month: 13, day: 1, hour: 0, minute: 0 })).toBe(false);
    expect(isRealWallClockTime({ year: 2030, month: 1, day: 1, hour: 12, minute: 60 })).toBe(false);
  });
});

describe('zoneOffsetMs', () => {
  it('is east-positive', () => {
    expect(zoneOffsetMs(Date.UTC(2030, 0, 1), 'Asia/Kolkata')).toBe(330 * 60_000);
    expect(zoneOffsetMs(Date.UTC(2030, 0, 1), 'Asia/Calcutta')).toBe(330 * 60_000);
    expect(zoneOffsetMs(Date.UTC(2030, 0, 1), 'America/New_York')).toBe(-300 * 60_000);
  });
});
