// DELETE /sender-pools/:id (issue 20). Emails already accepted through the pool keep the account chosen for them.
import { isUuid } from '@mailwright/kit';
import { deleteUserPool } from '../db/queries/sender-pools';
import type { AccountsDeps } from '../deps';
import { poolNotFound } from './sender-pool-rules';

export async function deleteSenderPool(deps: Pick<AccountsDeps, 'db'>, userId: string, id: string): Promise<void> {
  const row = isUuid(id) ? await deleteUserPool(deps.db, userId, id) : undefined;
  if (!row) throw poolNotFound();
}
