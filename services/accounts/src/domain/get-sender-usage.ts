// GET /email-accounts/:id/usage (issue 20): the sender's usage this minute and today, as the mail service counts
// it, against the limits the account is held to (computed here, where the overrides live).
import type { SenderUsage } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { AccountsDeps } from '../deps';
import { findOwnedAccount } from './find-owned-account';
import { senderLimitsOf } from './sender-limits-of';

export const USAGE_UNAVAILABLE_MESSAGE =
  'Sending usage is unavailable right now: the mail service did not answer. Try again shortly.';

export async function getSenderUsage(
  deps: Pick<AccountsDeps, 'db' | 'mail' | 'log'>,
  userId: string,
  id: string,
  requestId?: string,
): Promise<SenderUsage> {
  const row = await findOwnedAccount(deps.db, userId, id);
  try {
    return await deps.mail.usage(row.id, senderLimitsOf(row), requestId);
  } catch (error) {
    // Whatever went wrong between the services, the user asked nothing wrong: 503 with a sentence they can act on.
    deps.log.warn({ err: error instanceof Error ? error.message : String(error), accountId: row.id }, 'sender usage call failed');
    throw new AppError('SERVICE_UNAVAILABLE', USAGE_UNAVAILABLE_MESSAGE);
  }
}
