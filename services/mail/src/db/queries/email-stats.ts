// Analytics: status counts (with what came back from the senders' mailboxes) over the user's emails and a per-day series of sends, opens and clicks.
import type pg from 'pg';

export interface StatsTotals {
  total: number;
  sent: number;
  failed: number;
  scheduled: number;
  opened: number;
  clicked: number;
  bounced: number;
  replied: number;
  unsubscribed: number;
}

export async function statsTotals(
  pool: pg.Pool,
  userId: string,
  from: Date | null,
  toExclusive: Date | null,
): Promise<StatsTotals> {
  const result = await pool.query<StatsTotals>(
    `SELECT count(*)::int AS total,
       count(*) FILTER (WHERE status = 'sent')::int AS sent,
       count(*) FILTER (WHERE status = 'failed')::int AS failed,
       count(*) FILTER (WHERE status = 'scheduled')::int AS scheduled,
       count(*) FILTER (WHERE opened)::int AS opened,
       count(*) FILTER (WHERE clicked)::int AS clicked,
       count(*) FILTER (WHERE status = 'bounced')::int AS bounced,
       count(*) FILTER (WHERE replied_at IS NOT NULL)::int AS replied,
       count(*) FILTER (WHERE unsubscribed_at IS NOT NULL)::int AS unsubscribed
     FROM mail.emails
     WHERE user_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at < $3)`,
    [userId, from, toExclusive],
  );
  return result.rows[0] as StatsTotals;
}

export interface DayCount {
  day: string;
  kind: 'sent' | 'opened' | 'clicked';
  count: number;
}

export async function statsByDay(pool: pg.Pool, userId: string, from: Date, toExclusive: Date): Promise<DayCount[]> {
  const result = await pool.query<DayCount>(
    `SELECT to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, kind, count(*)::int AS count FROM (
       SELECT sent_at AS ts, 'sent' AS kind FROM mail.emails WHERE user_id = $1 AND status = 'sent' AND sent_at >= $2 AND sent_at < $3
       UNION ALL
       SELECT opened_at, 'opened' FROM mail.emails WHERE user_id = $1 AND opened_at >= $2 AND opened_at < $3
       UNION ALL
       SELECT clicked_at, 'clicked' FROM mail.emails WHERE user_id = $1 AND clicked_at >= $2 AND clicked_at < $3
     ) events GROUP BY 1, 2`,
    [userId, from, toExclusive],
  );
  return result.rows;
}
