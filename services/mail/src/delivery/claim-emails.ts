// Claims and results for the send worker, batched: concurrent jobs share one UPDATE per batch instead of one
// round trip each. A claim takes only queued/scheduled rows (a cancelled or sent email is never sent), or a
// 'sending' row whose claim belongs to an earlier run of the same job (the worker that held it died), or whose
// claim is older than the reconciler's stale-claim age (the reconciler gave the row a new job). A different job
// never takes a fresh claim: an email in a batch job and in its own retry job is sent by one of them.
import { MicroBatcher } from '@mailwright/kit';
import type pg from 'pg';
import { emailColumnsOf } from '../db/queries/email-columns';
import type { EmailRow } from '../db/schema/emails';

export interface ClaimedEmail extends EmailRow {
  /** Whether attachment rows exist (looked up in the claim, so emails without any cost no extra query). */
  hasAttachments: boolean;
}

export interface ClaimRequest {
  emailId: string;
  token: string;
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

export class EmailClaims {
  private readonly claims: MicroBatcher<ClaimRequest, ClaimedEmail | null>;
  private readonly results: MicroBatcher<SendResult, undefined>;

  /** staleClaimSeconds: the reconciler's age after which a 'sending' claim counts as abandoned. */
  constructor(pool: pg.Pool, staleClaimSeconds: number) {
    this.claims = new MicroBatcher(
      async (requests) => {
        const unique = new Map(requests.map((request) => [request.emailId, request]));
        const { rows } = await pool.query<ClaimedEmail>({
          name: 'mail_claim_emails',
          text: CLAIM,
          values: [[...unique.keys()], [...unique.values()].map((request) => request.token), staleClaimSeconds],
        });
        const byId = new Map(rows.map((row) => [row.id, row]));
        return requests.map((request) => {
          const row = byId.get(request.emailId);
          return row && row.claimToken === request.token ? row : null;
        });
      },
      // A batch job's claims arrive together; single jobs' claims arrive one by one and wait 2 ms for company.
      { maxBatch: 500, maxInFlight: 3, lingerMs: 2 },
    );
    this.results = new MicroBatcher(
      async (results) => {
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
        return results.map(() => undefined);
      },
      // Sends complete one by one; recording them up to 25 ms later in one statement costs Postgres a fraction.
      { maxBatch: 500, maxInFlight: 3, lingerMs: 25 },
    );
  }

  /** The email to send now, or null when it must not be sent (already sent, failed, cancelled, unknown). */
  claim(emailId: string, token: string): Promise<ClaimedEmail | null> {
    return this.claims.push({ emailId, token });
  }

  async record(result: SendResult): Promise<void> {
    await this.results.push(result);
  }

  async drain(): Promise<void> {
    await this.claims.drain();
    await this.results.drain();
  }
}
