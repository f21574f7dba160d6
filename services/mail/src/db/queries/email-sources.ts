// Submitted messages (SMTP intake): stored with the email by its one statement (insert-email-alone.ts), read back
// by the worker in batches.
import type pg from 'pg';

export async function sourcesOf(pool: pg.Pool, emailIds: string[]): Promise<Array<{ emailId: string; content: Buffer }>> {
  const { rows } = await pool.query<{ emailId: string; content: Buffer }>({
    name: 'mail_sources_of',
    text: 'SELECT email_id AS "emailId", content FROM mail.email_sources WHERE email_id = ANY($1::uuid[])',
    values: [emailIds],
  });
  return rows;
}
