// Reads the send form's schedule: an ISO instant, or wall-clock time without an offset read in the
// email's time zone (UTC when none), and checks it is in the future and at most a year ahead.

import { MAIL_LIMITS, MAIL_MESSAGES } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';

const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2})$/;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/;

/** Minutes east of UTC of `timeZone` at the instant `utcMs`. */
function offsetMinutes(timeZone: string, utcMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/** Date.UTC silently rolls 31 February over into March; a real calendar date is required. */
function isRealDateTime(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  if (month! < 1 || month! > 12 || hour! > 23 || minute! > 59 || second! > 59 || day! < 1) return false;
  return day! <= new Date(Date.UTC(year!, month!, 0)).getUTCDate();
}

export function parseScheduledAt(text: string, timeZone: string | null): Date {
  if (!isRealDateTime(text)) throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.scheduledInvalid);
  if (WITH_OFFSET.test(text)) {
    const ms = Date.parse(text);
    if (!Number.isNaN(ms)) return new Date(ms);
  }
  const wall = WALL_CLOCK.exec(text);
  if (wall) {
    const [, y, mo, d, h, mi, s, ms] = wall;
    const asUtc = Date.UTC(
      Number(y),
      Number(mo) - 1,
      Number(d),
      Number(h),
      Number(mi),
      Number(s ?? 0),
      Number((ms ?? '0').padEnd(3, '0')),
    );
    if (!Number.isNaN(asUtc)) {
      if (!timeZone) return new Date(asUtc);
      // Two passes settle the offset across a daylight-saving change.
      let guess = asUtc - offsetMinutes(timeZone, asUtc) * 60_000;
      guess = asUtc - offsetMinutes(timeZone, guess) * 60_000;
      return new Date(guess);
    }
  }
  throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.scheduledInvalid);
}

export function checkScheduleWindow(at: Date, now = Date.now()): void {
  if (at.getTime() <= now) throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.scheduledInPast);
  if (at.getTime() > now + MAIL_LIMITS.scheduleMaxDays * 86_400_000) {
    throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.scheduledTooFar);
  }
}
