// Email ids are uuid v7 (RFC 9562): the first 48 bits are the millisecond the id was made, the rest random. mail.emails
// is partitioned by month of created_at (drizzle/0008_partition_emails.sql), and the id's time tells a lookup by id
// which partition to read: `createdWithin` bounds created_at to the id's time ±1 day (a check on the table keeps
// every row within it). Ids made before issue 25 are v4: for them the bounds are unbounded, so they are still found.
import { randomUUID } from 'node:crypto';

/**
 * A new email id: uuid v7 for this millisecond (or `at`). Its 74 random bits are taken from a v4 uuid, which Node
 * makes from a cached block of CSPRNG bytes (a randomBytes call per id was 2.6% of the mail service's CPU).
 */
export function newEmailId(at: number = Date.now()): string {
  const random = randomUUID(); // xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx, y already the RFC variant (10xx)
  const time = at.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}

/**
 * SQL bounding `column` (an emails created_at) to where rows with some ids can be, so the planner reads one partition
 * (two near a month's edge) instead of all of them. `fromParam` and `untilParam` hold `createdRange(ids)`: epoch
 * milliseconds, or ±Infinity. Used by the statements that read a batch of emails by id (the worker's claim and
 * result, tracking, webhooks, the mailbox reader); one id alone gains nothing measurable from it (docs/capacity.md).
 */
export const createdWithin = (column: string, fromParam: string, untilParam: string) =>
  `${column} >= to_timestamp(${fromParam}::float8 / 1000) AND ${column} < to_timestamp(${untilParam}::float8 / 1000)`;

const DAY_MS = 86_400_000;

/** The millisecond in a v7 id, or null for any other version (ids made before issue 25 are v4). */
function v7Millis(id: string): number | null {
  if (id.charAt(14) !== '7') return null;
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

/**
 * The created_at range rows with these ids can have, as `createdWithin`'s two parameters: the earliest v7 time less
 * a day to the latest plus a day (the insert trigger refuses a row outside its id's day); unbounded when any id is
 * not v7; empty for no ids. It is what the SQL functions mail.emails_created_from/until compute (drizzle/0008),
 * computed here: in SQL it cost Postgres about 0.4 ms of CPU per statement, five times the bounded update itself.
 */
export function createdRange(ids: readonly string[]): [from: number, until: number] {
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  for (const id of ids) {
    const ms = v7Millis(id);
    if (ms === null) return [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
    earliest = Math.min(earliest, ms);
    latest = Math.max(latest, ms);
  }
  return [earliest - DAY_MS, latest + DAY_MS];
}
