// The user's sender accounts, oldest first.
import type { EmailAccount } from '@mailwright/contracts';
import { listUserAccounts } from '../db/queries/email-accounts';
import type { AccountsDeps } from '../deps';
import { toEmailAccount } from './to-email-account';

export async function listAccounts(deps: Pick<AccountsDeps, 'db'>, userId: string): Promise<EmailAccount[]> {
  const rows = await listUserAccounts(deps.db, userId);
  return rows.map(toEmailAccount);
}
