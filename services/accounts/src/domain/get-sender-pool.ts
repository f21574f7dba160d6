// GET /sender-pools/:id (issue 20): one of the user's pools; another user's and a missing one answer alike.
import type { SenderPool } from '@mailwright/contracts';
import { isUuid } from '@mailwright/kit';
import { findUserPool } from '../db/queries/sender-pools';
import type { AccountsDeps } from '../deps';
import { poolNotFound, toSenderPool } from './sender-pool-rules';

export async function getSenderPool(deps: Pick<AccountsDeps, 'db'>, userId: string, id: string): Promise<SenderPool> {
  const row = isUuid(id) ? await findUserPool(deps.db, userId, id) : undefined;
  if (!row) throw poolNotFound();
  return toSenderPool(row);
}
