// Email Details times: in the email's own zone (UTC when it has none or an unknown one), formatted
// like 'Jan 05, 2025 13:00:00 UTC' (spec section 2).
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

function partsIn(date: Date, timeZone: string): TimeParts {
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
  return {
    year: parts.year ?? '',
    month: MONTHS[Number(parts.month) - 1] ?? parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour === '24' ? '00' : (parts.hour ?? ''),
    minute: parts.minute ?? '',
    second: parts.second ?? '',
    zone: parts.timeZoneName ?? '',
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

/**
 * A time soon to come, short: '14:05 GMT+5:30' on the same day as `now` (in that zone), else
 * 'Jan 06, 14:05 GMT+5:30'. Same zone rule as formatEmailTime; '' for a missing or unreadable time.
 */
export function formatEmailClock(iso: string | null | undefined, timeZone?: string | null, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return '';
  const p = partsInOrUtc(date, timeZone);
  const today = partsInOrUtc(now, timeZone);
  const clock = `${p.hour}:${p.minute} ${p.zone}`;
  return p.year === today.year && p.month === today.month && p.day === today.day ? clock : `${p.month} ${p.day}, ${clock}`;
}
