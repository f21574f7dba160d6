// Stores an accepted email and enqueues its job. Without an Idempotency-Key or attachments it goes through the
// intake (one statement for the emails of concurrent requests, quota included; the intake adds the send job of
// its window after the answer). With attachments, the email,
// its quota unit and its bytes share a transaction; with an Idempotency-Key the key is claimed in the same
// transaction, so two concurrent requests with one key store one email: the second waits on the key's row
// lock and then replays the first answer.

import { withTransaction } from '@mailwright/kit';
import { type AttachmentInput, insertAttachments } from '../db/queries/attachments';
import { claimIdempotency, findIdempotency, type StoredIdempotency, storeIdempotentResponse } from '../db/queries/idempotency';
import { insertEmailWithQuota, type NewEmail } from '../db/queries/insert-email';
import type { EmailRow } from '../db/schema/emails';
import type { OutboxDeps } from './deps';
import { serializeEmail } from './serialize-email';

export type StoreResult =
  | { kind: 'stored'; row: EmailRow }
  | { kind: 'quota_exceeded' }
  | { kind: 'replay'; seen: StoredIdempotency };

export async function storeEmail(
  deps: OutboxDeps,
  email: NewEmail,
  monthlyLimit: number,
  idempotency: { key: string; bodyHash: string } | null,
  attachments: AttachmentInput[],
  requestId?: string,
): Promise<StoreResult> {
  const stored = await storeOnly(deps, email, monthlyLimit, idempotency, attachments, requestId);
  if (stored.kind !== 'stored') return stored;
  if (!stored.enqueued) await deps.producer.enqueue(stored.row, requestId);
  return { kind: 'stored', row: stored.row };
}

/** A stored row says whether its send job is added already (the intake adds it when its window closes). */
type Stored = Exclude<StoreResult, { kind: 'stored' }> | { kind: 'stored'; row: EmailRow; enqueued: boolean };

async function storeOnly(
  deps: OutboxDeps,
  email: NewEmail,
  monthlyLimit: number,
  idempotency: { key: string; bodyHash: string } | null,
  attachments: AttachmentInput[],
  requestId: string | undefined,
): Promise<Stored> {
  if (attachments.length === 0 && !idempotency) {
    const row = await deps.intake.accept(email, monthlyLimit, requestId);
    return row ? { kind: 'stored', row, enqueued: true } : { kind: 'quota_exceeded' };
  }
  if (!idempotency) {
    // The email, its quota unit and its attachment bytes are committed together.
    return withTransaction(deps.pool, async (client, transaction) => {
      const row = await insertEmailWithQuota(client, email, monthlyLimit);
      if (!row) return transaction.rollback({ kind: 'quota_exceeded' });
      await insertAttachments(client, row.id, attachments);
      return { kind: 'stored', row, enqueued: false };
    });
  }
  type Claimed = { kind: 'seen' } | Exclude<Stored, { kind: 'replay' }>;
  const claimed = await withTransaction<Claimed>(deps.pool, async (client, transaction) => {
    const owns = await claimIdempotency(client, {
      userId: email.userId,
      key: idempotency.key,
      bodyHash: idempotency.bodyHash,
      emailId: email.id,
    });
    if (!owns) return transaction.rollback({ kind: 'seen' });
    const row = await insertEmailWithQuota(client, email, monthlyLimit);
    if (!row) return transaction.rollback({ kind: 'quota_exceeded' });
    await insertAttachments(client, row.id, attachments);
    await storeIdempotentResponse(client, email.userId, idempotency.key, 201, serializeEmail(row));
    return { kind: 'stored', row, enqueued: false };
  });
  if (claimed.kind !== 'seen') return claimed;
  // Another request holds the key: its answer is committed once the row lock it waited on is released.
  const seen = await findIdempotency(deps.pool, email.userId, idempotency.key);
  if (!seen) throw new Error('idempotency row vanished');
  return { kind: 'replay', seen };
}
