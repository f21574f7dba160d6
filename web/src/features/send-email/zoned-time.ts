// Wall-clock date and time in an IANA zone → the UTC instant it names, with Intl offset math only.
// DST: a time skipped by a spring-forward gap moves forward by the gap (02:30 → 03:30); a time that
// occurs twice at a fall-back resolves to the first (earlier) occurrence.

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
  const wholeSeconds = Math.floor(instantMs / 1000) * 1000;
  return asUtc - wholeSeconds;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * `date` 'YYYY-MM-DD' and `time` 'HH:mm' (or 'HH:mm:ss') read as wall-clock time in `timeZone`.
 * Throws on malformed input or an unknown zone.
 */
export function zonedWallTimeToUtc(date: string, time: string, timeZone: string): Date {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) throw new Error(`Invalid date or time: ${date} ${time}`);
  const wallAsUtc = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), Number(t[3] ?? 0));
  // Offsets on either side of any transition near this wall time.
  const before = zoneOffsetMs(wallAsUtc - 36 * 3600_000, timeZone);
  const after = zoneOffsetMs(wallAsUtc + 36 * 3600_000, timeZone);
  const candidates = [...new Set([before, after, zoneOffsetMs(wallAsUtc, timeZone)])]
    .map((offset) => wallAsUtc - offset)
    .filter((instant) => instant + zoneOffsetMs(instant, timeZone) === wallAsUtc)
    .sort((a, b) => a - b);
  const first = candidates[0];
  if (first !== undefined) return new Date(first);
  // In a gap: the wall time does not exist; read it with the offset in force before the gap.
  return new Date(wallAsUtc - before);
}

/** The browser's zone ('UTC' when it cannot tell). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
