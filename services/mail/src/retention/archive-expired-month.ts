// Archive before drop: a detached month of emails (emails_YYYY_MM_expired) is written to
// <dir>/emails_YYYY_MM.ndjson.gz and its emails' events to <dir>/email_events_YYYY_MM.ndjson.gz, one JSON object per
// row. The upkeep drops the month only when this answered, so both files are whole before anything is dropped; a
// retried month rewrites both.
import { join } from 'node:path';
import type pg from 'pg';
import { expiredEmailEventRows, expiredEmailRows } from '../db/queries/partition-archive-rows';
import { writeNdjsonGz } from './ndjson-gz-file';

/** Answers the files written. */
export async function archiveExpiredMonth(
  client: pg.PoolClient,
  expiredEmails: string,
  expiredEventMonths: readonly string[],
  dir: string,
): Promise<string[]> {
  const month = /^emails_(\d{4}_\d{2})_expired$/.exec(expiredEmails)?.[1];
  if (!month) throw new Error(`${expiredEmails} is not a detached month of emails`);
  const emails = join(dir, `emails_${month}.ndjson.gz`);
  const events = join(dir, `email_events_${month}.ndjson.gz`);
  await writeNdjsonGz(emails, expiredEmailRows(client, expiredEmails));
  await writeNdjsonGz(events, expiredEmailEventRows(client, expiredEmails, expiredEventMonths));
  return [emails, events];
}
