// The send worker's two statements, each for a batch of emails: claim rows to send, record how their sends ended.
import type pg from 'pg';
import type { EmailRow } from '../schema/emails';
import { emailColumnsOf } from './email-columns';

export interface ClaimedEmail extends EmailRow {
  /** Whether attachment rows exist (looked up in the claim, so emails without any cost no extra query). */
  hasAttachments: boolean;
}

export interface SendResult {
  emailId: string;
  token: string;
  /** 'yielded': back to 'queued' without counting the try its claim counted (it was never tried). */
  status: 'sent' | 'failed' | 'queued' | 'yielded';
  error: string | null;
}

const CLAIM = `
UPDATE mail.emails e
SET status = 'sending', attempts = e.attempts + 1, claim_token = c.token, claimed_at = now(), updated_at = now()
FROM unnest($1::uuid[], $2::text[]) AS c(id, token)
WHERE e.id = c.id
  AND (e.status IN ('queued', 'scheduled')
    OR (e.status = 'sending' AND e.claim_token IS DISTINCT FROM c.token
        AND (split_part(e.claim_token, ':', 1) = split_part(c.token, ':', 1)
             OR e.claimed_at < now() - make_interval(secs => $3::double precision))))
RETURNING ${emailColumnsOf('e')},
  EXISTS (SELECT 1 FROM mail.email_attachments a WHERE a.email_id = e.id) AS "hasAttachments"`;

const RECORD = `
UPDATE mail.emails e
SET status = CASE WHEN r.status = 'yielded' THEN 'queued' ELSE r.status END,
    error = CASE WHEN r.status = 'yielded' THEN e.error ELSE r.error END,
    attempts = CASE WHEN r.status = 'yielded' THEN greatest(e.attempts - 1, 0) ELSE e.attempts END,
    updated_at = now(),
    sent_at = CASE WHEN r.status = 'sent' THEN now() ELSE e.sent_at END
FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS r(id, token, status, error)
WHERE e.id = r.id AND e.status = 'sending' AND e.claim_token = r.token`;

/** The rows claimed (a row another claim holds is not returned). */
export async function claimEmailRows(
  pool: pg.Pool,
  claims: Array<{ id: string; token: string }>,
  staleClaimSeconds: number,
): Promise<ClaimedEmail[]> {
  const { rows } = await pool.query<ClaimedEmail>({
    name: 'mail_claim_emails',
    text: CLAIM,
    values: [claims.map((claim) => claim.id), claims.map((claim) => claim.token), staleClaimSeconds],
  });
  return rows;
}

/** Records results of rows still claimed by the same token (a retaken claim's late result changes nothing). */
export async function recordSendResults(pool: pg.Pool, results: SendResult[]): Promise<void> {
  await pool.query({
    name: 'mail_record_results',
    text: RECORD,
    values: [
      results.map((r) => r.emailId),
      results.map((r) => r.token),
      results.map((r) => r.status),
      results.map((r) => r.error),
    ],
  });
}
