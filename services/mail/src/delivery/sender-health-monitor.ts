// Pauses a sender the provider refuses, instead of failing its emails (issue 20): a suspension signal (a 429, a
// daily-limit answer) pauses it until the provider's time; authentication refused AUTH_FAILURES_TO_PAUSE times
// in a row (counted in Redis across workers, for AUTH_FAILURE_WINDOW_S) pauses it until the owner edits it.
// The accounts service stores the pause and mails the owner; the account.paused webhook goes out once, from the
// worker whose report changed the state.
import type { ReportSenderHealthBody } from '@mailwright/contracts';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AccountsClient } from '../adapters/accounts-client';
import type { WebhookEvents } from '../webhooks/webhook-events';
import type { SendFailure } from './send-failure';
import { senderKey } from './sender-keys';
import type { TransportSource } from './transports/transport-source';

export const AUTH_FAILURES_TO_PAUSE = 3;
const AUTH_FAILURE_WINDOW_S = 15 * 60;

export interface SenderPause {
  /** When sending resumes by itself; null = when the owner resumes it. */
  until: Date | null;
}

export class SenderHealthMonitor {
  /** Accounts this process saw refused, whose counter a success resets (others cost nothing on success). */
  private readonly failing = new Set<string>();
  /** Revoked grants this process reported: the held emails' rechecks need not report them again. */
  private readonly revoked = new Set<string>();

  constructor(
    private readonly deps: {
      redis: Redis;
      prefix: string;
      accounts: AccountsClient;
      transports: TransportSource;
      webhooks?: WebhookEvents;
      log?: Logger;
    },
  ) {}

  private authKey(accountId: string): string {
    return senderKey(this.deps.prefix, accountId, 'auth-failures');
  }

  /** The pause a failure caused, or null when it is not (yet) the sender's fault. Throws if accounts is down. */
  async onFailure(accountId: string, failure: SendFailure): Promise<SenderPause | null> {
    const signal = failure.signal;
    if (!signal) return null;
    let report: ReportSenderHealthBody;
    if (signal.kind === 'auth_failed') {
      this.failing.add(accountId);
      const key = this.authKey(accountId);
      const [[, count]] = (await this.deps.redis.multi().incr(key).expire(key, AUTH_FAILURE_WINDOW_S).exec()) as [
        [unknown, number],
      ];
      if (count < AUTH_FAILURES_TO_PAUSE) return null;
      report = { state: 'paused', reason: 'auth_failed', detail: failure.message.slice(0, 1000), resumesAt: null };
    } else {
      report = {
        state: 'paused',
        reason: signal.reason,
        detail: failure.message.slice(0, 1000),
        resumesAt: signal.resumesAt.toISOString(),
      };
    }
    const answer = await this.report(accountId, report);
    const resumesAt = answer.health.resumesAt ?? report.resumesAt ?? null;
    return { until: resumesAt ? new Date(resumesAt) : null };
  }

  /**
   * Accounts found the OAuth grant revoked while refreshing the token: the sender needs reconnecting. Reported
   * so the account.paused event goes out once (accounts has already mailed the owner).
   */
  onRevoked(accountId: string, detail: string): void {
    if (this.revoked.has(accountId)) return;
    this.revoked.add(accountId);
    const report: ReportSenderHealthBody = { state: 'needs_reconnect', reason: 'grant_revoked', detail: detail.slice(0, 1000) };
    this.report(accountId, report).catch((error: unknown) => {
      this.revoked.delete(accountId);
      this.deps.log?.warn({ err: error, accountId }, 'revoked grant not reported');
    });
  }

  private async report(accountId: string, report: ReportSenderHealthBody) {
    const answer = await this.deps.accounts.reportHealth(accountId, report);
    this.deps.transports.forget(accountId);
    if (answer.changed) {
      this.deps.log?.warn({ accountId, reason: report.reason, resumesAt: report.resumesAt ?? null }, 'sender paused');
      void this.deps.webhooks?.emitAccount({
        userId: answer.userId,
        type: 'account.paused',
        data: { accountId, email: answer.email, health: answer.health },
      });
    }
    return answer;
  }

  /** A send went through: the account's refused sign-ins are no longer "in a row". */
  onSuccess(accountId: string): void {
    this.revoked.delete(accountId);
    if (!this.failing.delete(accountId)) return;
    this.deps.redis.del(this.authKey(accountId)).catch((error: unknown) => {
      this.deps.log?.warn({ err: error, accountId }, 'auth failure counter not reset');
    });
  }
}
