// Transport descriptions from the accounts service, cached per account for a minute so a burst of emails
// from one account costs one internal call. Concurrent misses share one request.
import type { Transport } from '@mailwright/contracts';
import { AppError, TtlCache } from '@mailwright/kit';
import type { AccountsClient } from '../../adapters/accounts-client';
import { SendFailure } from '../send-failure';

const PERMANENT_CODES = new Set(['NOT_FOUND', 'FORBIDDEN', 'VALIDATION_ERROR', 'BAD_REQUEST', 'CONFLICT', 'UNAUTHORIZED']);

export class TransportSource {
  private readonly cache: TtlCache<string, Transport>;

  constructor(
    private readonly accounts: AccountsClient,
    ttlMs = 60_000,
  ) {
    this.cache = new TtlCache({ ttlMs });
  }

  get(accountId: string): Promise<Transport> {
    return this.cache.get(accountId, (id) => this.load(id));
  }

  forget(accountId: string): void {
    this.cache.delete(accountId);
  }

  private load(accountId: string): Promise<Transport> {
    return this.accounts.transport(accountId).catch((error: unknown) => {
      if (error instanceof AppError) {
        const message =
          error.code === 'NOT_FOUND' ? 'The sender account no longer exists' : `Sender account unavailable: ${error.message}`;
        throw new SendFailure(message, PERMANENT_CODES.has(error.code));
      }
      throw new SendFailure(error instanceof Error ? error.message : String(error), false);
    });
  }
}
