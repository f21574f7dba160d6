// The batch route's emails, stored together: their quota units (suppressed emails take none) are taken in one
// statement for all of them or none, and the emails due at one time share a send job (batch-jobs.ts).
import { withTransaction } from '@mailwright/kit';
import { insertAttachments } from '../db/queries/attachments';
import { claimIdempotency, findIdempotency, storeIdempotentResponse } from '../db/queries/idempotency';
import { insertEmail, takeQuota } from '../db/queries/insert-batch';
import type { NewEmail } from '../db/queries/insert-email';
import type { EmailRow } from '../db/schema/emails';
import type { AcceptItem, AcceptResult, Idempotency } from './accept-types';
import { assignBatchJobs } from './batch-jobs';
import type { OutboxDeps } from './deps';

/**
 * The rows in the order of the items, or quota_exceeded when the quota cannot take them all. With an
 * Idempotency-Key the key is claimed in the same transaction (as store-one.ts does for one email): a request that
 * finds it taken stores nothing and replays the first request's answer.
 */
export async function storeBatch(
  deps: Pick<OutboxDeps, 'pool'>,
  items: AcceptItem[],
  monthlyLimit: number,
  idempotency: Idempotency | null = null,
): Promise<AcceptResult> {
  const first = items[0]?.email as NewEmail;
  type Outcome = AcceptResult | { kind: 'seen' };
  const outcome = await withTransaction<Outcome>(deps.pool, async (client, transaction) => {
    if (idempotency) {
      const claim = { userId: first.userId, key: idempotency.key, bodyHash: idempotency.bodyHash, emailId: first.id };
      if (!(await claimIdempotency(client, claim))) return transaction.rollback({ kind: 'seen' });
    }
    const units = items.filter((item) => item.email.status !== 'suppressed').length;
    if (units > 0 && !(await takeQuota(client, first.userId, first.quotaMonth, units, monthlyLimit))) {
      return transaction.rollback({ kind: 'quota_exceeded' });
    }
    const rows: EmailRow[] = [];
    const emails = assignBatchJobs(items.map((item) => item.email));
    for (const [position, { attachments }] of items.entries()) {
      const row = await insertEmail(client, emails[position] as NewEmail);
      await insertAttachments(client, row.id, attachments);
      rows.push(row);
    }
    if (idempotency) {
      const { statusCode, response } = idempotency.answer?.(rows) ?? { statusCode: 207, response: rows.map((row) => row.id) };
      await storeIdempotentResponse(client, first.userId, idempotency.key, statusCode, response);
    }
    return { kind: 'stored', rows };
  });
  if (outcome.kind !== 'seen') return outcome;
  const seen = await findIdempotency(deps.pool, first.userId, (idempotency as Idempotency).key);
  if (!seen) throw new Error('idempotency row vanished');
  return { kind: 'replay', seen };
}
