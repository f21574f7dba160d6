// The rows an expired month's archive holds (retention/email-partitions.ts), one JSON object each, read with a
// cursor a batch at a time so that no month is ever held in memory.
import type pg from 'pg';

const BATCH = 1_000;

/** Each row of `query` (one text column, `line`), fetched BATCH at a time in one read-only transaction. */
async function* cursorLines(client: pg.PoolClient, query: string): AsyncGenerator<string> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  let read = false;
  try {
    await client.query(`DECLARE archive_rows NO SCROLL CURSOR FOR ${query}`);
    for (;;) {
      const { rows } = await client.query<{ line: string }>(`FETCH ${BATCH} FROM archive_rows`);
      for (const row of rows) yield row.line;
      if (rows.length < BATCH) break;
    }
    read = true;
  } finally {
    // The consumer may stop early (a write failed): the transaction ends either way.
    await client.query(read ? 'COMMIT' : 'ROLLBACK').catch(() => {});
  }
}

/** The rows of a detached month of emails (emails_YYYY_MM_expired). */
export function expiredEmailRows(client: pg.PoolClient, expiredEmails: string): AsyncGenerator<string> {
  return cursorLines(client, `SELECT row_to_json(e)::text AS line FROM mail.${expiredEmails} e`);
}

/**
 * The events of a detached month's emails: in mail.email_events (any month) or in a detached month of events
 * (email_events_YYYY_MM_expired) not dropped yet.
 */
export function expiredEmailEventRows(
  client: pg.PoolClient,
  expiredEmails: string,
  expiredEventMonths: readonly string[],
): AsyncGenerator<string> {
  const events = ['mail.email_events', ...expiredEventMonths.map((name) => `mail.${name}`)]
    .map((table) => `SELECT * FROM ${table}`)
    .join(' UNION ALL ');
  return cursorLines(
    client,
    `SELECT row_to_json(ev)::text AS line FROM (${events}) ev WHERE ev.email_id IN (SELECT id FROM mail.${expiredEmails})`,
  );
}
