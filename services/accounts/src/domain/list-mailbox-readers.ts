// GET /internal/mailbox-readers (issue 21): the mailboxes the mail worker reads, a page at a time in id order.
import type { MailboxReaderEntry } from '@mailwright/contracts';
import { AppError, isUuid } from '@mailwright/kit';
import { READ_SCOPES } from '../adapters/mail-providers/read-scopes';
import { listMailboxReaders as selectReaders } from '../db/queries/email-accounts';
import type { AccountsDeps } from '../deps';

export const DEFAULT_READERS_PAGE = 500;

export async function listMailboxReaders(
  deps: Pick<AccountsDeps, 'db'>,
  after: string | undefined,
  limit = DEFAULT_READERS_PAGE,
): Promise<MailboxReaderEntry[]> {
  const afterId = after || undefined;
  if (afterId !== undefined && !isUuid(afterId)) {
    throw new AppError('VALIDATION_ERROR', 'after must be an account id', { details: { field: 'after' } });
  }
  const rows = await selectReaders(deps.db, READ_SCOPES, afterId, limit);
  return rows.map((row) => ({
    accountId: row.id,
    userId: row.userId,
    provider: row.provider,
    generation: row.feedbackGeneration,
  }));
}
