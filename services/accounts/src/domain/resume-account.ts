// POST /email-accounts/:id/resume (issue 20): the owner sets a paused sender active again, and mail is told so
// its held emails go. A revoked Gmail/Outlook grant cannot be resumed this way: the mailbox must be reconnected.
import type { EmailAccount } from '@mailwright/contracts';
import type { AccountsDeps } from '../deps';
import { accountNotFound, needsReconnect } from './errors';
import { findOwnedAccount } from './find-owned-account';
import { announceResumed, updateResuming } from './sender-resumption';
import { toEmailAccount } from './to-email-account';

export async function resumeAccount(
  deps: Pick<AccountsDeps, 'db' | 'mail' | 'log'>,
  userId: string,
  id: string,
  requestId?: string,
): Promise<EmailAccount> {
  const current = await findOwnedAccount(deps.db, userId, id);
  if (current.status === 'needs_reconnect') {
    throw needsReconnect(current);
  }
  const outcome = await deps.db.transaction((tx) => updateResuming(tx, userId, id, {}));
  if (!outcome) throw accountNotFound();
  await announceResumed(deps, outcome, requestId);
  return toEmailAccount(outcome.row);
}
