// The app's one time format, 'Jan 05, 2025 13:00:00 UTC' (spec section 2). Email Details show an email's
// times in the email's own zone (UTC when it has none or an unknown one); lists show every row in the
// viewer's zone, so a column never mixes zones. The zone is named by its abbreviation (IST, not GMT+5:30).
import { zoneAbbreviation } from './zone-abbreviations';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface TimeParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  zone: string;
}

function rawParts(date: Date, timeZone: string): Record<string, string> {
  const parts: Record<string, string> = {};
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

/** Minutes the zone's wall clock is ahead of UTC at `date`. */
function offsetMinutes(date: Date, timeZone: string): number {
  const p = rawParts(date, timeZone);
  const hour = p.hour === '24' ? 0 : Number(p.hour);
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), hour, Number(p.minute), Number(p.second));
  return Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** Daylight saving is in effect when the offset is above the smaller of January's and July's. */
function isDaylight(date: Date, timeZone: string): boolean {
  const year = date.getUTCFullYear();
  const standard = Math.min(
    offsetMinutes(new Date(Date.UTC(year, 0, 1)), timeZone),
    offsetMinutes(new Date(Date.UTC(year, 6, 1)), timeZone),
  );
  return offsetMinutes(date, timeZone) > standard;
}

function partsIn(date: Date, timeZone: string): TimeParts {
  const parts = rawParts(date, timeZone);
  const intlName = parts.timeZoneName ?? '';
  return {
    year: parts.year ?? '',
    month: MONTHS[Number(parts.month) - 1] ?? parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour === '24' ? '00' : (parts.hour ?? ''),
    minute: parts.minute ?? '',
    second: parts.second ?? '',
    zone: zoneAbbreviation(timeZone, intlName, () => isDaylight(date, timeZone)),
  };
}

/** The parts in `timeZone`, or in UTC when it has none or an unknown one. */
function partsInOrUtc(date: Date, timeZone?: string | null): TimeParts {
  if (timeZone) {
    try {
      return partsIn(date, timeZone);
    } catch {
      // unknown zone: fall through to UTC
    }
  }
  return partsIn(date, 'UTC');
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '' for a missing or unreadable time. */
export function formatEmailTime(iso: string | null | undefined, timeZone?: string | null): string {
  const date = parse(iso);
  if (!date) return '';
  const p = partsInOrUtc(date, timeZone);
  return `${p.month} ${p.day}, ${p.year} ${p.hour}:${p.minute}:${p.second} ${p.zone}`;
}

/** The zone of the person looking at the screen (UTC when the browser names none). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A time in a list: the same format, always in the viewer's zone. */
export function formatViewerTime(iso: string | null | undefined): string {
  return formatEmailTime(iso, viewerTimeZone());
}

/** The date part alone, 'Jan 05, 2025', in the viewer's zone (a renewal date, a member-since date). */
export function formatViewerDate(iso: string | null | undefined): string {
  return formatViewerTime(iso).slice(0, 12);
}

/**
 * A time soon to come, short: '14:05 IST' on the same day as `now` (in that zone), else
 * 'Jan 06, 14:05 IST'. Same zone rule as formatEmailTime; '' for a missing or unreadable time.
 */
export function formatEmailClock(iso: string | null | undefined, timeZone?: string | null, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return '';
  const p = partsInOrUtc(date, timeZone);
  const today = partsInOrUtc(now, timeZone);
  const clock = `${p.hour}:${p.minute} ${p.zone}`;
  return p.year === today.year && p.month === today.month && p.day === today.day ? clock : `${p.month} ${p.day}, ${clock}`;
}
