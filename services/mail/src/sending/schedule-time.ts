// Reads the send form's schedule: an ISO instant, or wall-clock time without an offset read in the
// email's time zone (UTC when none; the zone rule is contracts' zoned-time), and checks it is in the future and
// at most a year ahead.

import { isRealWallClockTime, MAIL_LIMITS, MAIL_MESSAGES, type WallClockTime, wallClockToUtc } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';

const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2})$/;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/;
const LEADING_WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2}))?/;

/** Date.UTC silently rolls 31 February over into March; a real calendar date is required. */
function isRealDateTime(text: string): boolean {
  const m = LEADING_WALL_CLOCK.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  return isRealWallClockTime({ year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! });
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
    const time: WallClockTime = {
      year: Number(y),
      month: Number(mo),
      day: Number(d),
      hour: Number(h),
      minute: Number(mi),
      second: Number(s ?? 0),
      millisecond: Number((ms ?? '0').padEnd(3, '0')),
    };
    return wallClockToUtc(time, timeZone ?? 'UTC');
  }
  throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.scheduledInvalid);
}

export function checkScheduleWindow(at: Date, now = Date.now()): void {
  if (at.getTime() <= now) throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.scheduledInPast);
  if (at.getTime() > now + MAIL_LIMITS.scheduleMaxDays * 86_400_000) {
    throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.scheduledTooFar);
  }
}
