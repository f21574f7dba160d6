// Claims and results for the send worker, batched: concurrent jobs share one UPDATE per batch instead of one
// round trip each. A claim takes only queued/scheduled rows (a cancelled or sent email is never sent), or a
// 'sending' row whose claim belongs to an earlier run of the same job (the worker that held it died), or whose
// claim is older than the reconciler's stale-claim age (the reconciler gave the row a new job). A different job
// never takes a fresh claim: an email in a batch job and in its own retry job is sent by one of them.
import { MicroBatcher } from '@mailwright/kit';
import type pg from 'pg';
import { type ClaimedEmail, claimEmailRows, recordSendResults, type SendResult } from '../db/queries/send-claims';

export type { ClaimedEmail, SendResult } from '../db/queries/send-claims';

export interface ClaimRequest {
  emailId: string;
  token: string;
}

export class EmailClaims {
  private readonly claims: MicroBatcher<ClaimRequest, ClaimedEmail | null>;
  private readonly results: MicroBatcher<SendResult, undefined>;

  /** staleClaimSeconds: the reconciler's age after which a 'sending' claim counts as abandoned. */
  constructor(pool: pg.Pool, staleClaimSeconds: number) {
    this.claims = new MicroBatcher(
      async (requests) => {
        const unique = new Map(requests.map((request) => [request.emailId, request]));
        const rows = await claimEmailRows(
          pool,
          [...unique.values()].map((request) => ({ id: request.emailId, token: request.token })),
          staleClaimSeconds,
        );
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
        await recordSendResults(pool, results);
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
