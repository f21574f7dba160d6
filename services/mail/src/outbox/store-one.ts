// One email stored with its quota unit and whatever it carries: attachment bytes, the message as submitted (SMTP),
// an Idempotency-Key claim. Two concurrent requests with one key store one email: the second waits on the key's
// row lock and then replays the first answer.
// - Without an Idempotency-Key, or with one whose answer is known before the row exists (a submission over SMTP),
//   one statement stores it all (insert-email-alone.ts): one round trip.
// - With an API Idempotency-Key, whose answer is made from the stored row, a transaction claims the key first,
//   stores the email and its bytes, then the answer.
import { withTransaction } from '@mailwright/kit';
import type pg from 'pg';
import { insertAttachments } from '../db/queries/attachments';
import { insertSource } from '../db/queries/email-sources';
import {
  claimIdempotency,
  findIdempotency,
  isKeyHeld,
  releaseExpiredKey,
  storeIdempotentResponse,
} from '../db/queries/idempotency';
import { insertEmail } from '../db/queries/insert-batch';
import { insertEmailWithQuota } from '../db/queries/insert-email';
import { insertEmailAlone } from '../db/queries/insert-email-alone';
import type { AcceptItem, AcceptResult, Idempotency } from './accept-types';
import { serializeEmail } from './serialize-email';

export async function storeOne(
  pool: pg.Pool,
  item: AcceptItem,
  /** null: the email takes no quota unit (a suppressed email, never sent). */
  monthlyLimit: number | null,
  idempotency: Idempotency | null,
): Promise<AcceptResult> {
  if (idempotency && !idempotency.answerBeforeStore) return storeInTransaction(pool, item, monthlyLimit, idempotency);
  return storeByOneStatement(pool, item, monthlyLimit, idempotency);
}

async function storeByOneStatement(
  pool: pg.Pool,
  { email, attachments, source }: AcceptItem,
  monthlyLimit: number | null,
  idempotency: Idempotency | null,
): Promise<AcceptResult> {
  const answer = idempotency?.answerBeforeStore?.(email);
  const claim = idempotency && answer ? { key: idempotency.key, bodyHash: idempotency.bodyHash, ...answer } : null;
  const alone = { email, monthlyLimit, attachments, source: source ?? null, claim };
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await insertEmailAlone(pool, alone);
      if (row) return { kind: 'stored', rows: [row] };
      // Over the monthly limit: a retry of an email that was stored still replays it.
      const seen = idempotency && (await findIdempotency(pool, email.userId, idempotency.key));
      return seen ? { kind: 'replay', seen } : { kind: 'quota_exceeded' };
    } catch (error) {
      if (!idempotency || !isKeyHeld(error)) throw error;
      const seen = await findIdempotency(pool, email.userId, idempotency.key);
      if (seen) return { kind: 'replay', seen };
      // The key was claimed more than 24 hours ago: free again, once.
      if (attempt > 1) throw error;
      await releaseExpiredKey(pool, email.userId, idempotency.key);
    }
  }
}

async function storeInTransaction(
  pool: pg.Pool,
  { email, attachments, source }: AcceptItem,
  monthlyLimit: number | null,
  idempotency: Idempotency,
): Promise<AcceptResult> {
  type Outcome = AcceptResult | { kind: 'seen' };
  const outcome = await withTransaction<Outcome>(pool, async (client, transaction) => {
    const owns = await claimIdempotency(client, {
      userId: email.userId,
      key: idempotency.key,
      bodyHash: idempotency.bodyHash,
      emailId: email.id,
    });
    if (!owns) return transaction.rollback({ kind: 'seen' });
    const row =
      monthlyLimit === null ? await insertEmail(client, email) : await insertEmailWithQuota(client, email, monthlyLimit);
    if (!row) return transaction.rollback({ kind: 'quota_exceeded' });
    await insertAttachments(client, row.id, attachments);
    if (source) await insertSource(client, row.id, source);
    const { statusCode, response } = idempotency.answer?.([row]) ?? { statusCode: 201, response: serializeEmail(row) };
    await storeIdempotentResponse(client, email.userId, idempotency.key, statusCode, response);
    return { kind: 'stored', rows: [row] };
  });
  if (outcome.kind !== 'seen') return outcome;
  // Another request holds the key: its answer is committed once the row lock it waited on is released.
  const seen = await findIdempotency(pool, email.userId, idempotency.key);
  if (!seen) throw new Error('idempotency row vanished');
  return { kind: 'replay', seen };
}
