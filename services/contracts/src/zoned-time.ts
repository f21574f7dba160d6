// Wall-clock time in an IANA time zone → the UTC instant it names: the one rule the send form and the mail
// service share. Intl offset math only (no Node APIs), so it runs in browsers and on the server alike.
// DST: a time skipped by a spring-forward gap moves forward by the gap (02:30 → 03:30); a time that occurs
// twice at a fall-back is the first (earlier) occurrence. Zone names are whatever Intl accepts, aliases
// included (Node 20's Intl lists Asia/Calcutta rather than Asia/Kolkata; both work).

/** A calendar date and time of day as a clock on the wall shows it; `month` is 1–12. */
export interface WallClockTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
  millisecond?: number;
}

const HOUR_MS = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at `instantMs`, in milliseconds (east positive: Asia/Kolkata → +19800000). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    (parts.hour ?? 0) % 24,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** True when the fields name a real calendar date and time (Date.UTC would roll 31 February into March). */
export function isRealWallClockTime(wall: WallClockTime): boolean {
  const { year, month, day, hour, minute, second = 0, millisecond = 0 } = wall;
  const fields = [year, month, day, hour, minute, second, millisecond];
  if (!fields.every(Number.isInteger)) return false;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59 || millisecond > 999) return false;
  if (hour < 0 || minute < 0 || second < 0 || millisecond < 0) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The instant `wall` names in `timeZone`. Throws a RangeError for a date that does not exist or an unknown zone. */
export function wallClockToUtc(wall: WallClockTime, timeZone: string): Date {
  if (!isRealWallClockTime(wall)) throw new RangeError(`Not a calendar date and time: ${JSON.stringify(wall)}`);
  const { year, month, day, hour, minute, second = 0, millisecond = 0 } = wall;
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  // Offsets on either side of any transition near this wall time.
  const before = zoneOffsetMs(wallAsUtc - 36 * HOUR_MS, timeZone);
  const after = zoneOffsetMs(wallAsUtc + 36 * HOUR_MS, timeZone);
  const first = [...new Set([before, after, zoneOffsetMs(wallAsUtc, timeZone)])]
    .map((offset) => wallAsUtc - offset)
    .filter((instant) => instant + zoneOffsetMs(instant, timeZone) === wallAsUtc)
    .sort((a, b) => a - b)[0];
  if (first !== undefined) return new Date(first);
  // In a gap the wall time does not exist: read it with the offset in force before the gap.
  return new Date(wallAsUtc - before);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * `date` 'YYYY-MM-DD' and `time` 'HH:mm' (or 'HH:mm:ss') read as wall-clock time in `timeZone`, as the
 * send form's date and time inputs give them. Throws on malformed input or an unknown zone.
 */
export function zonedWallTimeToUtc(date: string, time: string, timeZone: string): Date {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) throw new RangeError(`Invalid date or time: ${date} ${time}`);
  return wallClockToUtc(
    {
      year: Number(d[1]),
      month: Number(d[2]),
      day: Number(d[3]),
      hour: Number(t[1]),
      minute: Number(t[2]),
      second: Number(t[3] ?? 0),
    },
    timeZone,
  );
}
