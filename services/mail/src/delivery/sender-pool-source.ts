// Sender pools from the accounts service, cached per pool for 30 s: the engine resolves a pool's accounts at
// delivery time (issue 20), and a burst of a pool's emails costs one internal call.
import type { ResolvedSenderPool } from '@mailwright/contracts';
import { TtlCache } from '@mailwright/kit';
import type { AccountsClient } from '../adapters/accounts-client';

export class SenderPoolSource {
  private readonly cache: TtlCache<string, ResolvedSenderPool>;

  constructor(
    private readonly accounts: AccountsClient,
    ttlMs = 30_000,
  ) {
    this.cache = new TtlCache({ ttlMs });
  }

  /** The pool's accounts in order; rejects with the accounts service's error (NOT_FOUND when it is gone). */
  get(poolId: string, userId: string, requestId?: string): Promise<ResolvedSenderPool> {
    return this.cache.get(`${userId}:${poolId}`, () => this.accounts.pool(poolId, userId, requestId));
  }
}
