// GET /sender-pools (issue 20): the user's pools, oldest first.
import type { SenderPool } from '@mailwright/contracts';
import { listUserPools } from '../db/queries/sender-pools';
import type { AccountsDeps } from '../deps';
import { toSenderPool } from './sender-pool-rules';

export async function listSenderPools(deps: Pick<AccountsDeps, 'db'>, userId: string): Promise<SenderPool[]> {
  return (await listUserPools(deps.db, userId)).map(toSenderPool);
}
