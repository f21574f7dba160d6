// The send worker's two statements, each for a batch of emails: claim rows to send, record how their sends ended.
import type { HoldReason } from '@mailwright/contracts';
import type pg from 'pg';
import { createdRange, createdWithin } from '../email-ids';
import type { EmailRow } from '../schema/emails';
import { emailColumnsOf } from './email-columns';

/**
 * The columns a delivery reads, and only those: each column returned is parsed in the worker for every email sent
 * (a timestamp into a Date, jsonb and arrays), and half of the row's 44 are the email's later life (opens, clicks,
 * bounces, replies) or the API's (template, key, quota month).
 */
const CLAIMED_COLUMNS = [
  'id',
  'userId',
  'emailAccountId',
  'senderPoolId',
  'fromEmail',
  'fromName',
  'to',
  'cc',
  'bcc',
  'replyTo',
  'subject',
  'body',
  'text',
  'isHtml',
  'links',
  'headers',
  'messageId',
  'tracking',
  'unsubscribe',
  'submitted',
  'attempts',
  'claimToken',
  'holdReason',
] as const satisfies readonly (keyof EmailRow)[];

export interface ClaimedEmail extends Pick<EmailRow, (typeof CLAIMED_COLUMNS)[number]> {
  /** Whether attachment rows exist (looked up in the claim, so emails without any cost no extra query). */
  hasAttachments: boolean;
}

export interface SendResult {
  emailId: string;
  token: string;
  /** 'held': back to 'queued' with its hold, without counting the try its claim counted (it was never tried). */
  status: 'sent' | 'failed' | 'queued' | 'held';
  error: string | null;
  /** With status 'held': why, and until when (null: until its paused sender resumes). */
  hold?: { reason: HoldReason; until: Date | null };
  /** An email sent through a sender pool: the account the engine chose, recorded as its sender. */
  sender?: { accountId: string; fromEmail: string; fromName: string | null };
}

/**
 * A scheduled row is claimed only when due (within a few seconds of clock difference between the queue and
 * Postgres): the job of an email rescheduled later finds nothing to send and the new job sends it at its time.
 * A row skipped by a job that ran too early keeps its status, and the reconciler gives it a job again.
 */
const EARLY_CLAIM_SECONDS = 5;

const CLAIM = `
UPDATE mail.emails e
SET status = 'sending', attempts = e.attempts + 1, claim_token = c.token, claimed_at = now(), updated_at = now()
FROM unnest($1::uuid[], $2::text[]) AS c(id, token)
WHERE e.id = c.id AND ${createdWithin('e.created_at', '$4', '$5')}
  AND (e.status = 'queued'
    OR (e.status = 'scheduled' AND coalesce(e.scheduled_at, now()) <= now() + make_interval(secs => ${EARLY_CLAIM_SECONDS}))
    OR (e.status = 'sending' AND e.claim_token IS DISTINCT FROM c.token
        AND (split_part(e.claim_token, ':', 1) = split_part(c.token, ':', 1)
             OR e.claimed_at < now() - make_interval(secs => $3::double precision))))
RETURNING ${emailColumnsOf('e', CLAIMED_COLUMNS)},
  EXISTS (SELECT 1 FROM mail.email_attachments a WHERE a.email_id = e.id) AS "hasAttachments"`;

// A held row keeps its earlier error (a retry's reason stays visible); every other outcome ends the hold.
const RECORD = `
UPDATE mail.emails e
SET status = CASE WHEN r.status = 'held' THEN 'queued' ELSE r.status END,
    error = CASE WHEN r.status = 'held' THEN e.error ELSE r.error END,
    attempts = CASE WHEN r.status = 'held' THEN greatest(e.attempts - 1, 0) ELSE e.attempts END,
    hold_reason = CASE WHEN r.status = 'held' THEN r.hold_reason END,
    hold_until = CASE WHEN r.status = 'held' THEN r.hold_until END,
    email_account_id = coalesce(r.account_id, e.email_account_id),
    from_email = coalesce(r.from_email, e.from_email),
    from_name = CASE WHEN r.account_id IS NULL THEN e.from_name ELSE r.from_name END,
    updated_at = now(),
    sent_at = CASE WHEN r.status = 'sent' THEN now() ELSE e.sent_at END
FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::text[], $8::text[], $9::text[])
  AS r(id, token, status, error, hold_reason, hold_until, account_id, from_email, from_name)
WHERE e.id = r.id AND ${createdWithin('e.created_at', '$10', '$11')} AND e.status = 'sending' AND e.claim_token = r.token`;

/** The rows claimed (a row another claim holds is not returned). */
export async function claimEmailRows(
  pool: pg.Pool,
  claims: Array<{ id: string; token: string }>,
  staleClaimSeconds: number,
): Promise<ClaimedEmail[]> {
  const ids = claims.map((claim) => claim.id);
  const { rows } = await pool.query<ClaimedEmail>({
    name: 'mail_claim_emails',
    text: CLAIM,
    values: [ids, claims.map((claim) => claim.token), staleClaimSeconds, ...createdRange(ids)],
  });
  return rows;
}

/** Records results of rows still claimed by the same token (a retaken claim's late result changes nothing). */
export async function recordSendResults(pool: pg.Pool, results: SendResult[]): Promise<void> {
  const ids = results.map((r) => r.emailId);
  await pool.query({
    name: 'mail_record_results',
    text: RECORD,
    values: [
      ids,
      results.map((r) => r.token),
      results.map((r) => r.status),
      results.map((r) => r.error),
      results.map((r) => r.hold?.reason ?? null),
      results.map((r) => r.hold?.until ?? null),
      results.map((r) => r.sender?.accountId ?? null),
      results.map((r) => r.sender?.fromEmail ?? null),
      results.map((r) => r.sender?.fromName ?? null),
      ...createdRange(ids),
    ],
  });
}
