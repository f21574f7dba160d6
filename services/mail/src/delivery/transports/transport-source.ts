// Transport descriptions from the accounts service, cached per account for a minute so a burst of emails
// from one account costs one internal call. Concurrent misses share one request.
import type { Transport } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { AccountsClient } from '../../adapters/accounts-client';
import { SendFailure } from '../send-failure';

const PERMANENT_CODES = new Set(['NOT_FOUND', 'FORBIDDEN', 'VALIDATION_ERROR', 'BAD_REQUEST', 'CONFLICT', 'UNAUTHORIZED']);

export class TransportSource {
  private readonly cache = new Map<string, { value: Promise<Transport>; expiresAt: number }>();

  constructor(
    private readonly accounts: AccountsClient,
    private readonly ttlMs = 60_000,
  ) {}

  get(accountId: string): Promise<Transport> {
    const hit = this.cache.get(accountId);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    const value = this.accounts.transport(accountId).catch((error: unknown) => {
      this.cache.delete(accountId);
      if (error instanceof AppError) {
        const message =
          error.code === 'NOT_FOUND' ? 'The sender account no longer exists' : `Sender account unavailable: ${error.message}`;
        throw new SendFailure(message, PERMANENT_CODES.has(error.code));
      }
      throw new SendFailure(error instanceof Error ? error.message : String(error), false);
    });
    this.cache.set(accountId, { value, expiresAt: Date.now() + this.ttlMs });
    return value;
  }

  forget(accountId: string): void {
    this.cache.delete(accountId);
  }
}
