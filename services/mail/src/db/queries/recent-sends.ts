// A sender's sends of the last day, to rebuild its limiter windows when Redis lost them: the minute window's
// sends at their own instant (the minute window is exact), older ones summed per one-minute bucket (as the
// day window counts them), so a busy sender still answers in at most ~1,500 rows.
import type pg from 'pg';

export interface RecentSends {
  at: Date;
  sends: number;
  recipients: number;
}

const RECENT_SENDS = `
SELECT ceil(extract(epoch FROM at) * 1000)::float8 AS "atMs", count(*)::int AS sends, sum(recipients)::int AS recipients
FROM (
  SELECT CASE WHEN sent_at > $2::timestamptz - make_interval(secs => $3::double precision / 1000) THEN sent_at
              ELSE date_bin('1 minute', sent_at, timestamptz 'epoch') END AS at,
         cardinality("to") + cardinality(cc) + cardinality(bcc) AS recipients
  FROM mail.emails
  WHERE email_account_id = $1 AND status = 'sent' AND sent_at > $2::timestamptz - interval '1 day 1 minute'
) recent
GROUP BY at
ORDER BY at`;

/** minuteMs: the limiter's minute window, whose sends are returned at their own instant. */
export async function selectRecentSends(pool: pg.Pool, accountId: string, now: Date, minuteMs: number): Promise<RecentSends[]> {
  // Milliseconds rounded up: a microsecond sent_at never leaves the minute window before its time.
  const { rows } = await pool.query<{ atMs: number; sends: number; recipients: number }>(RECENT_SENDS, [
    accountId,
    now,
    minuteMs,
  ]);
  return rows.map(({ atMs, sends, recipients }) => ({ at: new Date(atMs), sends, recipients }));
}
