// The stored target of one tracked link (a click redirects only here).
import type pg from 'pg';

export async function trackedLink(pool: pg.Pool, emailId: string, linkIndex: number): Promise<string | null> {
  const result = await pool.query<{ url: string | null }>({
    name: 'mail_tracked_link',
    text: 'SELECT links[$2::int + 1] AS url FROM mail.emails WHERE id = $1',
    values: [emailId, linkIndex],
  });
  return result.rows[0]?.url ?? null;
}
