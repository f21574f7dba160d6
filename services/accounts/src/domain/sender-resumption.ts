// Resuming a sender (issue 20): the owner's resume, an SMTP edit, a reconnect and a limits edit all set its
// health active. When that takes it from not sending to sending, the mail service is told so the emails held
// for it go now; that call is best-effort: a failure is logged and never fails the change itself.

import type { AccountsTransaction } from '../db/client';
import type { NewEmailAccount } from '../db/queries/email-accounts';
import { selectAccountForUpdate, updateUserAccount } from '../db/queries/email-accounts';
import type { EmailAccountRow } from '../db/tables';
import type { AccountsDeps } from '../deps';
import { ACTIVE_HEALTH_COLUMNS, isSending } from './sender-health-of';

export interface Resumed {
  row: EmailAccountRow;
  /** It was held (paused or needs_reconnect) before and sends now. */
  resumed: boolean;
}

/**
 * Updates the row with `values` and active health, locked, and says whether that resumed it. A revoked OAuth
 * grant stays needs_reconnect (only reconnecting, which sets `status` active, ends it).
 */
export async function updateResuming(
  tx: AccountsTransaction,
  userId: string,
  id: string,
  values: Partial<NewEmailAccount>,
): Promise<Resumed | undefined> {
  const locked = await selectAccountForUpdate(tx, userId, id);
  if (!locked) return undefined;
  const status = values.status ?? locked.status;
  const health = status === 'needs_reconnect' ? {} : ACTIVE_HEALTH_COLUMNS;
  const row = await updateUserAccount(tx, userId, id, { ...values, ...health });
  if (!row) return undefined;
  return { row, resumed: !isSending(locked) && isSending(row) };
}

/** Tells mail (POST /internal/senders/:accountId/resumed) when `outcome` resumed the sender; never throws. */
export async function announceResumed(
  deps: Pick<AccountsDeps, 'mail' | 'log'>,
  outcome: Resumed,
  requestId?: string,
): Promise<void> {
  if (!outcome.resumed) return;
  const { row } = outcome;
  try {
    await deps.mail.resumed(row.id, { userId: row.userId, email: row.email }, requestId);
  } catch (error) {
    deps.log.warn(
      { err: error instanceof Error ? error.message : String(error), accountId: row.id },
      'could not tell mail that a sender resumed',
    );
  }
}
