// The reconciler's pages of emails that should have a live job: pending, old enough, and (for 'sending') a stale
// claim. A page is read in two statements so that the worker never receives the rows a live batch job covers:
// first the page's summary (its size, its last row, the batch jobs its rows name), then, once those jobs' states
// are known, only the page's rows that no live batch job covers. A backlog of 10,000 scheduled emails (~100 batch
// jobs) had every pass send the worker all 10,000 rows (their three timestamps parsed) every 3 s.
import type pg from 'pg';

export interface PendingRow {
  id: string;
  status: 'queued' | 'scheduled' | 'sending';
  scheduledAt: Date | null;
  /** A held email's expected time (issue 20): its new job waits for it too. */
  holdUntil: Date | null;
  jobId: string | null;
}

/** A keyset position among pending rows: `createdAt` as Postgres wrote it (text keeps its microseconds). */
export interface PendingCursor {
  createdAt: string;
  id: string;
}

export const PENDING_START: PendingCursor = { createdAt: '-infinity', id: '00000000-0000-0000-0000-000000000000' };

export interface PendingPageSummary {
  rows: number;
  /** The page's last row (null when the page is empty). */
  last: PendingCursor | null;
  /** The batch jobs the page's rows name (a row's own job, 'email-<id>', is not one). */
  batchJobIds: string[];
  /** The page's rows with their own job or none: a batch job cannot cover them. */
  ownJobRows: number;
}

export interface PendingLimits {
  graceSeconds: number;
  staleClaimSeconds: number;
}

const PENDING_AFTER = `status IN ('queued', 'scheduled', 'sending')
  AND (created_at, id) > ($1::timestamptz, $2::uuid)
  AND updated_at < now() - make_interval(secs => $3::double precision)
  AND (status <> 'sending' OR claimed_at < now() - make_interval(secs => $4::double precision))`;

const PAGE_SUMMARY = `
WITH page AS (
  SELECT created_at, id, job_id FROM mail.emails WHERE ${PENDING_AFTER} ORDER BY created_at, id LIMIT $5
), last AS (
  SELECT created_at, id FROM page ORDER BY created_at DESC, id DESC LIMIT 1
)
SELECT (SELECT count(*) FROM page)::int AS rows,
  (SELECT created_at::text FROM last) AS "lastCreatedAt",
  (SELECT id FROM last) AS "lastId",
  ARRAY(SELECT DISTINCT job_id FROM page WHERE job_id IS NOT NULL AND job_id <> 'email-' || id::text) AS "batchJobIds",
  (SELECT count(*) FROM page WHERE job_id IS NULL OR job_id = 'email-' || id::text)::int AS "ownJobRows"`;

const UNCOVERED_ROWS = `
SELECT id, status, scheduled_at AS "scheduledAt", hold_until AS "holdUntil", job_id AS "jobId" FROM mail.emails
WHERE ${PENDING_AFTER}
  AND (created_at, id) <= ($5::timestamptz, $6::uuid)
  AND (job_id IS NULL OR job_id <> ALL($7::text[]))
ORDER BY created_at, id`;

/** The page of up to `limit` pending rows after `after`, summarised. */
export async function summarisePendingPage(
  pool: pg.Pool,
  after: PendingCursor,
  limits: PendingLimits,
  limit: number,
): Promise<PendingPageSummary> {
  const { rows } = await pool.query<{
    rows: number;
    lastCreatedAt: string | null;
    lastId: string | null;
    batchJobIds: string[];
    ownJobRows: number;
  }>(PAGE_SUMMARY, [after.createdAt, after.id, limits.graceSeconds, limits.staleClaimSeconds, limit]);
  const [page] = rows;
  if (!page?.lastCreatedAt || !page.lastId) return { rows: 0, last: null, batchJobIds: [], ownJobRows: 0 };
  const { batchJobIds, ownJobRows } = page;
  return { rows: page.rows, last: { createdAt: page.lastCreatedAt, id: page.lastId }, batchJobIds, ownJobRows };
}

/** The pending rows after `after` up to `through` (a page) that none of the live batch jobs covers. */
export async function selectUncoveredPendingEmails(
  pool: pg.Pool,
  page: { after: PendingCursor; through: PendingCursor; liveBatchJobIds: string[] },
  limits: PendingLimits,
): Promise<PendingRow[]> {
  const { after, through, liveBatchJobIds } = page;
  const { rows } = await pool.query<PendingRow>(UNCOVERED_ROWS, [
    after.createdAt,
    after.id,
    limits.graceSeconds,
    limits.staleClaimSeconds,
    through.createdAt,
    through.id,
    liveBatchJobIds,
  ]);
  return rows;
}
