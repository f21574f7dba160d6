// The reconciler's page of emails that should have a live job: pending, old enough, and (for 'sending') a stale claim.
import type pg from 'pg';

export interface PendingRow {
  id: string;
  status: 'queued' | 'scheduled' | 'sending';
  scheduledAt: Date | null;
  /** A held email's expected time (issue 20): its new job waits for it too. */
  holdUntil: Date | null;
  createdAt: Date;
  jobId: string | null;
}

const PENDING = `
SELECT id, status, scheduled_at AS "scheduledAt", hold_until AS "holdUntil", created_at AS "createdAt", job_id AS "jobId" FROM mail.emails
WHERE status IN ('queued', 'scheduled', 'sending')
  AND (created_at, id) > ($1::timestamptz, $2::uuid)
  AND updated_at < now() - make_interval(secs => $3::double precision)
  AND (status <> 'sending' OR claimed_at < now() - make_interval(secs => $4::double precision))
ORDER BY created_at, id
LIMIT $5`;

export interface PendingPage {
  /** Keyset cursor: rows after (createdAt, id). */
  after: { createdAt: Date; id: string };
  graceSeconds: number;
  staleClaimSeconds: number;
  limit: number;
}

export async function selectPendingEmails(pool: pg.Pool, page: PendingPage): Promise<PendingRow[]> {
  const { rows } = await pool.query<PendingRow>(PENDING, [
    page.after.createdAt,
    page.after.id,
    page.graceSeconds,
    page.staleClaimSeconds,
    page.limit,
  ]);
  return rows;
}
