// Transport descriptions from the accounts service, cached per account for a minute so a burst of emails
// from one account costs one internal call. Concurrent misses share one request. A revoked grant is not a
// failure of the email: it answers a paused transport (needs_reconnect), so the email is held (issue 20).
import type { SenderHealth, Transport } from '@mailwright/contracts';
import { AppError, TtlCache } from '@mailwright/kit';
import type { AccountsClient } from '../../adapters/accounts-client';
import { SendFailure } from '../send-failure';

const PERMANENT_CODES = new Set(['NOT_FOUND', 'FORBIDDEN', 'VALIDATION_ERROR', 'BAD_REQUEST', 'CONFLICT', 'UNAUTHORIZED']);

/** A sender that must not send now: paused, or waiting to be reconnected. */
export class SenderUnavailable extends Error {
  constructor(readonly health: SenderHealth) {
    super(`Sender ${health.state}${health.reason ? ` (${health.reason})` : ''}`);
    this.name = 'SenderUnavailable';
  }
}

/** Whether the sender may send at `now`: a pause whose resumesAt has passed is over. */
export function isSendable(health: SenderHealth | undefined, now = Date.now()): boolean {
  if (!health || health.state === 'active') return true;
  return health.state === 'paused' && health.resumesAt !== null && Date.parse(health.resumesAt) <= now;
}

export class TransportSource {
  private readonly cache: TtlCache<string, Transport>;

  /** onRevoked: told when accounts answers that the account's grant was revoked (it needs reconnecting). */
  constructor(
    private readonly accounts: AccountsClient,
    ttlMs = 60_000,
    private readonly onRevoked?: (accountId: string, detail: string) => void,
  ) {
    this.cache = new TtlCache({ ttlMs });
  }

  /** requestId: the email's request, forwarded to accounts when the transport is not cached. */
  get(accountId: string, requestId?: string): Promise<Transport> {
    return this.cache.get(accountId, (id) => this.load(id, requestId));
  }

  /**
   * The transport of a sender that may send now; throws SenderUnavailable for a paused one. A cached pause is
   * checked once more against accounts: the owner may have resumed it since.
   */
  async sendable(accountId: string, requestId?: string): Promise<Transport> {
    let transport = await this.get(accountId, requestId);
    if (isSendable(transport.health)) return transport;
    this.forget(accountId);
    transport = await this.get(accountId, requestId);
    if (isSendable(transport.health)) return transport;
    throw new SenderUnavailable(transport.health as SenderHealth);
  }

  forget(accountId: string): void {
    this.cache.delete(accountId);
  }

  private load(accountId: string, requestId?: string): Promise<Transport> {
    return this.accounts.transport(accountId, requestId).catch((error: unknown) => {
      if (error instanceof AppError) {
        if (error.code === 'ACCOUNT_NEEDS_RECONNECT') {
          this.onRevoked?.(accountId, error.message);
          throw new SenderUnavailable({
            state: 'needs_reconnect',
            reason: 'grant_revoked',
            detail: error.message,
            since: null,
            resumesAt: null,
          });
        }
        const message =
          error.code === 'NOT_FOUND' ? 'The sender account no longer exists' : `Sender account unavailable: ${error.message}`;
        throw new SendFailure(message, PERMANENT_CODES.has(error.code));
      }
      throw new SendFailure(error instanceof Error ? error.message : String(error), false);
    });
  }
}
