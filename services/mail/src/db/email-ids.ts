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
 * SQL bounding `column` (an emails created_at) to where rows with the ids in `idsParam` (a uuid[] parameter) can be,
 * so the planner reads one partition (two near a month's edge) instead of all of them. Used by the statements that
 * read a batch of emails by id (the worker's claim and result, tracking, webhooks); one id alone gains nothing
 * measurable from it (docs/capacity.md).
 */
export const createdWithin = (column: string, idsParam: string) =>
  `${column} >= mail.emails_created_from(${idsParam}) AND ${column} < mail.emails_created_until(${idsParam})`;
