// One email stored in a transaction with its quota unit and attachment bytes (or its submitted message). With an
// Idempotency-Key the key is claimed in the same transaction, so two concurrent requests with one key store one
// email: the second waits on the key's row lock and then replays the first answer.
import { withTransaction } from '@mailwright/kit';
import type pg from 'pg';
import { insertAttachments } from '../db/queries/attachments';
import { insertSource } from '../db/queries/email-sources';
import { claimIdempotency, findIdempotency, storeIdempotentResponse } from '../db/queries/idempotency';
import { insertEmail } from '../db/queries/insert-batch';
import { insertEmailWithQuota } from '../db/queries/insert-email';
import type { AcceptItem, AcceptResult, Idempotency } from './accept-types';
import { serializeEmail } from './serialize-email';

export async function storeOne(
  pool: pg.Pool,
  { email, attachments, source }: AcceptItem,
  /** null: the email takes no quota unit (a suppressed email, never sent). */
  monthlyLimit: number | null,
  idempotency: Idempotency | null,
): Promise<AcceptResult> {
  type Outcome = AcceptResult | { kind: 'seen' };
  const outcome = await withTransaction<Outcome>(pool, async (client, transaction) => {
    if (idempotency) {
      const owns = await claimIdempotency(client, {
        userId: email.userId,
        key: idempotency.key,
        bodyHash: idempotency.bodyHash,
        emailId: email.id,
      });
      if (!owns) return transaction.rollback({ kind: 'seen' });
    }
    const row =
      monthlyLimit === null ? await insertEmail(client, email) : await insertEmailWithQuota(client, email, monthlyLimit);
    if (!row) return transaction.rollback({ kind: 'quota_exceeded' });
    await insertAttachments(client, row.id, attachments);
    if (source) await insertSource(client, row.id, source);
    if (idempotency) {
      const { statusCode, response } = idempotency.answer?.([row]) ?? { statusCode: 201, response: serializeEmail(row) };
      await storeIdempotentResponse(client, email.userId, idempotency.key, statusCode, response);
    }
    return { kind: 'stored', rows: [row] };
  });
  if (outcome.kind !== 'seen') return outcome;
  // Another request holds the key: its answer is committed once the row lock it waited on is released.
  const seen = await findIdempotency(pool, email.userId, (idempotency as Idempotency).key);
  if (!seen) throw new Error('idempotency row vanished');
  return { kind: 'replay', seen };
}
