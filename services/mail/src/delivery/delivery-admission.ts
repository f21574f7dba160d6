// Who may deliver now. Three bounds, taken in this order: the sender account's (no more deliveries than it has
// connections, so none waits inside the SMTP pool holding a worker slot), the tenant's (several accounts of one
// user cannot take most of the worker), then the process's worker slots (WORKER_CONCURRENCY). Waiting for the
// first two holds no worker slot; a stalled account or tenant yields instead of waiting (keyed-gate.ts).
import type { Transport } from '@mailwright/contracts';
import { Semaphore } from '@mailwright/kit';
import { KeyedGate } from './keyed-gate';

export interface AdmissionLimits {
  /** Deliveries at once in this process (WORKER_CONCURRENCY). */
  workerSlots: number;
  /** Per SMTP account: its pooled connections (SMTP_MAX_CONNECTIONS). */
  perSmtpAccount: number;
  /** Per Gmail or Outlook account (WORKER_MAX_PER_API_ACCOUNT). */
  perApiAccount: number;
  /** Per tenant, over all their accounts (WORKER_MAX_PER_TENANT). */
  perTenant: number;
  /** An account or tenant none of whose deliveries finished for this long is stalled (its line yields). */
  stallMs: number;
}

/** Whose delivery it is: the email's account and user (from its row), and the account's provider. */
export interface Sender {
  accountId: string;
  userId: string;
  provider: Transport['provider'];
  /** The sender's own concurrency limit (Graph's 4), when lower than the process's per-account bound. */
  concurrency?: number | null;
}

export type Admitted<T> = { ran: true; value: T } | { ran: false };

export class DeliveryAdmission {
  private readonly accounts: KeyedGate;
  private readonly tenants: KeyedGate;
  private readonly slots: Semaphore;

  constructor(private readonly limits: AdmissionLimits) {
    this.accounts = new KeyedGate(limits.stallMs);
    this.tenants = new KeyedGate(limits.stallMs);
    this.slots = new Semaphore(limits.workerSlots);
  }

  /** Runs `deliver` once admitted; { ran: false } when the account's or tenant's line stalled (the email yields). */
  async run<T>(sender: Sender, deliver: () => Promise<T>): Promise<Admitted<T>> {
    const processLimit = sender.provider === 'smtp' ? this.limits.perSmtpAccount : this.limits.perApiAccount;
    const accountLimit = Math.min(processLimit, sender.concurrency ?? processLimit);
    const account = await this.accounts.enter(sender.accountId, accountLimit);
    if (!account) return { ran: false };
    try {
      const tenant = await this.tenants.enter(sender.userId, this.limits.perTenant);
      if (!tenant) return { ran: false };
      try {
        return { ran: true, value: await this.slots.run(deliver) };
      } finally {
        tenant.leave();
      }
    } finally {
      account.leave();
    }
  }
}
