// Email ids are uuid v7 (RFC 9562): the first 48 bits are the millisecond the id was made, the rest random. mail.emails
// is partitioned by month of created_at (drizzle/0008_partition_emails.sql), and the id's time tells a lookup by id
// which partition to read: `createdWithin` bounds created_at to the id's time ±1 day (a check on the table keeps
// every row within it). Ids made before issue 25 are v4: for them the bounds are unbounded, so they are still found.
import { randomBytes } from 'node:crypto';

/** A new email id: uuid v7 for this millisecond (or `at`). */
export function newEmailId(at: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(at, 0, 6);
  bytes.writeUInt8(0x70 | (bytes.readUInt8(6) & 0x0f), 6);
  bytes.writeUInt8(0x80 | (bytes.readUInt8(8) & 0x3f), 8);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * SQL bounding `column` (an emails created_at) to where rows with the ids in `idsParam` (a uuid[] parameter) can be,
 * so the planner reads one partition (two near a month's edge) instead of all of them. Used by the statements that
 * read a batch of emails by id (the worker's claim and result, tracking, webhooks); one id alone gains nothing
 * measurable from it (docs/capacity.md).
 */
export const createdWithin = (column: string, idsParam: string) =>
  `${column} >= mail.emails_created_from(${idsParam}) AND ${column} < mail.emails_created_until(${idsParam})`;
