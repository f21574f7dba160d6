// wallClockToUtc against Temporal's 'compatible' disambiguation (a gap moves forward, an overlap takes the
// earlier instant), for every zone Intl knows and every transition in the next two years.
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { type WallClockTime, wallClockToUtc } from './zoned-time';

const MINUTE_MS = 60_000;
const HORIZON_MS = 2 * 366 * 24 * 3_600_000;

const wallOf = (plain: Temporal.PlainDateTime): WallClockTime => ({
  year: plain.year,
  month: plain.month,
  day: plain.day,
  hour: plain.hour,
  minute: plain.minute,
  second: plain.second,
});

const temporalInstant = (plain: Temporal.PlainDateTime, zone: string) =>
  plain.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;

/** Wall times around a transition: both sides of it, as the clock showed them before and after, and inside. */
function wallTimesAround(transition: Temporal.ZonedDateTime): Temporal.PlainDateTime[] {
  const justBefore = transition.subtract({ minutes: 1 });
  const offsetChange = (transition.offsetNanoseconds - justBefore.offsetNanoseconds) / 1e6 / MINUTE_MS;
  const clockBefore = justBefore.toPlainDateTime();
  const clockAfter = transition.toPlainDateTime();
  const times = [clockBefore, clockAfter, clockBefore.subtract({ hours: 1 }), clockAfter.add({ hours: 1 })];
  // Inside the gap (clock jumped forward) or the overlap (clock went back): every quarter of it.
  const span = Math.abs(offsetChange);
  const start = offsetChange > 0 ? clockBefore.add({ minutes: 1 }) : clockAfter;
  for (const fraction of [0.25, 0.5, 0.75]) times.push(start.add({ minutes: Math.floor(span * fraction) }));
  return times;
}

function transitionsAhead(zone: string, from: Temporal.Instant): Temporal.ZonedDateTime[] {
  const found: Temporal.ZonedDateTime[] = [];
  let cursor: Temporal.ZonedDateTime | null = from.toZonedDateTimeISO(zone);
  while (cursor) {
    cursor = cursor.getTimeZoneTransition('next');
    if (!cursor || cursor.epochMilliseconds - from.epochMilliseconds > HORIZON_MS) break;
    found.push(cursor);
  }
  return found;
}

describe('wallClockToUtc matches Temporal (compatible) in every zone', () => {
  const zones = Intl.supportedValuesOf('timeZone');
  const now = Temporal.Now.instant();

  it('at every transition of the next two years, inside gaps and overlaps and on both sides', () => {
    let transitions = 0;
    const mismatches: string[] = [];
    for (const zone of zones) {
      for (const transition of transitionsAhead(zone, now)) {
        transitions += 1;
        for (const plain of wallTimesAround(transition)) {
          const expected = temporalInstant(plain, zone);
          const actual = wallClockToUtc(wallOf(plain), zone).getTime();
          if (actual !== expected) {
            mismatches.push(`${zone} ${plain}: ${new Date(actual).toISOString()} ≠ ${new Date(expected).toISOString()}`);
          }
        }
      }
    }
    expect(transitions).toBeGreaterThan(100);
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it('on ordinary days of every zone', () => {
    const mismatches: string[] = [];
    const start = now.toZonedDateTimeISO('UTC').toPlainDateTime().round({ smallestUnit: 'minute' });
    for (const [index, zone] of zones.entries()) {
      // A different day and time of day per zone, spread over the two years.
      const plain = start.add({ days: (index * 37) % 730, minutes: (index * 97) % 1_440 });
      const expected = temporalInstant(plain, zone);
      const actual = wallClockToUtc(wallOf(plain), zone).getTime();
      if (actual !== expected) mismatches.push(`${zone} ${plain}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('sends 2027-03-14 02:30 in New York at 07:30Z, not an hour early', () => {
    const wall = { year: 2027, month: 3, day: 14, hour: 2, minute: 30 };
    expect(wallClockToUtc(wall, 'America/New_York').toISOString()).toBe('2027-03-14T07:30:00.000Z');
  });
});
