// Date filters: 'YYYY-MM-DD' means the whole UTC day (so ?to=2025-01-31 includes the 31st); an ISO instant is exact
// (UTC when it has no offset). Only real calendar dates with a four-digit year (0001–9999) are accepted: Date.parse
// alone takes '2024-02-30' as 1 March, six-digit years and loose forms, and Postgres refuses instants beyond its
// range with an error, which must be the caller's 400, not a 500.
import { AppError } from '@mailwright/kit';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?([Zz]|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/;

const invalid = (name: string) =>
  new AppError('VALIDATION_ERROR', `${name} must be a real date (YYYY-MM-DD) or an ISO date and time, in the years 0001 to 9999`);

/** True when year-month-day exists (Date.parse rolls 30 February over into March; the round trip shows it). */
function isCalendarDay(year: string, month: string, day: string): boolean {
  if (year === '0000') return false;
  const ms = Date.parse(`${year}-${month}-${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === `${year}-${month}-${day}`;
}

function parse(name: string, text: string): { at: Date; isDay: boolean } {
  const day = DAY.exec(text);
  if (day) {
    const [, year, month, date] = day as unknown as [string, string, string, string];
    if (!isCalendarDay(year, month, date)) throw invalid(name);
    return { at: new Date(`${text}T00:00:00Z`), isDay: true };
  }
  const instant = INSTANT.exec(text);
  if (!instant) throw invalid(name);
  const [, year, month, date, , , , offset] = instant as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string?,
    string?,
  ];
  if (!isCalendarDay(year, month, date)) throw invalid(name);
  const ms = Date.parse(offset ? text.replace(' ', 'T') : `${text.replace(' ', 'T')}Z`);
  if (Number.isNaN(ms)) throw invalid(name);
  return { at: new Date(ms), isDay: false };
}

export function rangeFrom(text: string | undefined): Date | null {
  return text ? parse('from', text).at : null;
}

/** The exclusive end of the range. */
export function rangeTo(text: string | undefined): Date | null {
  if (!text) return null;
  const { at, isDay } = parse('to', text);
  return isDay ? new Date(at.getTime() + 86_400_000) : at;
}
