// The mail worker's mailbox reader loop (issue 21). Every poll interval it walks the accounts whose mailbox is
// read and, for each one no worker is reading (a Redis lease: one reader per mailbox across all workers), reads
// a turn with a slot of this worker (at most `concurrency` mailboxes at once). An IMAP mailbox whose server has
// IDLE keeps its connection and lease after the turn and is read again the moment a message arrives (up to
// `maxIdle` of them per worker); the others give the lease back and are read again at the next poll.
// A failing mailbox is retried with a growing pause and never stops the others.

import type { MailboxAccess, MailboxReaderEntry } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { AccountsClient } from '../adapters/accounts-client';
import { FeedbackStateReports } from './feedback-state-reports';
import type { MailboxLease, MailboxLeases } from './mailbox-lease';
import { MailboxAccessExpired, MailboxNeedsReconnect, MailboxThrottled } from './mailboxes/mailbox-errors';
import type { IsCandidate, MailboxReader } from './mailboxes/mailbox-reader';
import { openMailboxReader, pacerFor, type ReaderSettings } from './mailboxes/open-mailbox-reader';
import type { RequestPacer } from './mailboxes/request-pacer';
import { ReadSlots } from './read-slots';
import { type Finding, readTurn, type TurnDeps } from './read-turn';

export interface ReadLoopSettings extends ReaderSettings {
  pollMs: number;
  concurrency: number;
  maxIdle: number;
  turnMessages: number;
  turnMs: number;
}

export interface ReadLoopDeps<F extends Finding> extends TurnDeps<F> {
  accounts: Pick<AccountsClient, 'listMailboxReaders' | 'getMailboxAccess' | 'reportFeedbackState'>;
  leases: MailboxLeases;
  isCandidate: IsCandidate;
  settings: ReadLoopSettings;
}

const LIST_PAGE = 500;
const MAX_BACKOFF_MS = 10 * 60_000;

export class MailboxReadLoop<F extends Finding> {
  private readonly slots: ReadSlots;
  private readonly stopping = new AbortController();
  private readonly sessions = new Map<string, Promise<void>>();
  private readonly pacers = new Map<string, RequestPacer>();
  private readonly backoff = new Map<string, { failures: number; until: number }>();
  private readonly reports: FeedbackStateReports;
  private listed = new Map<string, MailboxReaderEntry>();
  private idling = 0;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;

  constructor(private readonly deps: ReadLoopDeps<F>) {
    this.slots = new ReadSlots(deps.settings.concurrency);
    this.reports = new FeedbackStateReports(deps.accounts, deps.log);
  }

  start(): void {
    const tick = () => {
      this.ticking ??= this.runOnce()
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'mailbox reader pass failed'))
        .finally(() => {
          this.ticking = null;
        });
    };
    tick();
    this.timer = setInterval(tick, this.deps.settings.pollMs);
  }

  /** One walk of the readable accounts: starts a turn for each mailbox no one reads now. */
  async runOnce(): Promise<void> {
    const entries = await this.listAll();
    this.listed = new Map(entries.map((entry) => [entry.accountId, entry]));
    for (const accountId of this.pacers.keys()) if (!this.listed.has(accountId)) this.pacers.delete(accountId);
    for (const entry of entries) {
      if (this.stopping.signal.aborted) return;
      if (this.sessions.has(entry.accountId)) continue;
      if ((this.backoff.get(entry.accountId)?.until ?? 0) > Date.now()) continue;
      if (!(await this.slots.acquire(this.stopping.signal))) return;
      let lease: MailboxLease | null = null;
      try {
        lease = await this.deps.leases.acquire(entry.accountId);
      } catch (error) {
        this.deps.log.warn({ err: error, accountId: entry.accountId }, 'mailbox lease not taken');
      }
      if (!lease) {
        this.slots.release();
        continue;
      }
      const session = this.session(entry, lease).finally(() => this.sessions.delete(entry.accountId));
      this.sessions.set(entry.accountId, session);
    }
  }

  private async listAll(): Promise<MailboxReaderEntry[]> {
    const all: MailboxReaderEntry[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await this.deps.accounts.listMailboxReaders(after, LIST_PAGE);
      all.push(...page);
      if (page.length < LIST_PAGE) return all;
      after = (page[page.length - 1] as MailboxReaderEntry).accountId;
    }
  }

  /** Reads the mailbox with the lease and a slot held; keeps it (without the slot) while IMAP idles. */
  private async session(entry: MailboxReaderEntry, lease: MailboxLease): Promise<void> {
    const { settings, log } = this.deps;
    const lost = new AbortController();
    const signal = AbortSignal.any([this.stopping.signal, lost.signal]);
    const renewing = setInterval(() => {
      lease
        .renew()
        .then((held) => {
          if (!held) lost.abort();
        })
        .catch((error: unknown) => log.warn({ err: error, accountId: entry.accountId }, 'mailbox lease not renewed'));
    }, this.deps.leases.ttlMs / 3);
    let reader: MailboxReader | null = null;
    let access: MailboxAccess | null = null;
    let holdsSlot = true;
    let idle = false;
    try {
      for (;;) {
        const outcome = await this.turn(entry, reader, access, signal);
        ({ reader, access } = outcome);
        if (!outcome.ok || signal.aborted) return;
        this.slots.release();
        holdsSlot = false;
        if (!reader?.waitForNews || (!idle && this.idling >= settings.maxIdle)) return;
        if (!idle) {
          idle = true;
          this.idling += 1;
        }
        if (!outcome.more) {
          // Wake at the poll interval too: the account may have been switched off or changed meanwhile.
          await reader.waitForNews(settings.pollMs, signal);
          if (signal.aborted) return;
          if (this.listed.get(entry.accountId)?.generation !== entry.generation) return;
        }
        if (!(await this.slots.acquire(signal))) return;
        holdsSlot = true;
      }
    } finally {
      clearInterval(renewing);
      if (idle) this.idling -= 1;
      if (holdsSlot) this.slots.release();
      await reader?.close().catch(() => {});
      await lease.release();
    }
  }

  /** One turn; `ok` false ends the session (an error, reading switched off, a reconnect needed). */
  private async turn(
    entry: MailboxReaderEntry,
    current: MailboxReader | null,
    known: MailboxAccess | null,
    signal: AbortSignal,
  ): Promise<{ ok: boolean; more: boolean; reader: MailboxReader | null; access: MailboxAccess | null }> {
    const { settings, log } = this.deps;
    let reader = current;
    let access = known;
    const pacer = this.pacers.get(entry.accountId) ?? pacerFor(entry.provider, settings);
    this.pacers.set(entry.accountId, pacer);
    const deadline = Date.now() + settings.turnMs;
    for (let attempt = 0; ; attempt++) {
      try {
        access ??= await this.deps.accounts.getMailboxAccess(entry.accountId);
        reader ??= await openMailboxReader(access, settings, {
          pacer,
          isCandidate: this.deps.isCandidate,
          deadline,
          signal,
          log,
        });
        const more = await readTurn(
          this.deps,
          { accountId: access.accountId, userId: access.userId, generation: access.generation, provider: access.provider },
          reader,
          { messages: settings.turnMessages, deadline, signal },
        );
        this.backoff.delete(entry.accountId);
        await this.reports.report(entry.accountId, access.generation, 'reading');
        // API readers carry this turn's deadline: a new one each turn.
        if (!reader.waitForNews) {
          await reader.close();
          reader = null;
        }
        return { ok: true, more, reader, access };
      } catch (error) {
        await reader?.close().catch(() => {});
        reader = null;
        if (signal.aborted) return { ok: false, more: false, reader, access };
        if (error instanceof MailboxAccessExpired && attempt === 0) {
          access = null;
          continue;
        }
        if (error instanceof MailboxThrottled) {
          this.pause(entry.accountId, error.retryAfterMs);
          return { ok: false, more: false, reader, access };
        }
        return { ok: false, more: false, reader, access: await this.failed(entry, access, error) };
      }
    }
  }

  private async failed(entry: MailboxReaderEntry, access: MailboxAccess | null, error: unknown): Promise<null> {
    const generation = access?.generation ?? entry.generation;
    if (error instanceof AppError && error.statusCode === 404) return null; // reading was switched off meanwhile
    this.deps.metrics?.readErrors.inc({ provider: entry.provider });
    const reconnect =
      error instanceof MailboxNeedsReconnect || (error instanceof AppError && error.code === 'ACCOUNT_NEEDS_RECONNECT');
    const message = error instanceof Error ? error.message : String(error);
    this.deps.log.warn({ err: error, accountId: entry.accountId }, 'mailbox not read');
    const failures = (this.backoff.get(entry.accountId)?.failures ?? 0) + 1;
    this.pause(entry.accountId, Math.min(MAX_BACKOFF_MS, this.deps.settings.pollMs * 2 ** (failures - 1)), failures);
    await this.reports.report(entry.accountId, generation, reconnect ? 'needs_reconnect' : 'error', reconnect ? null : message);
    return null;
  }

  private pause(accountId: string, ms: number, failures = this.backoff.get(accountId)?.failures ?? 0): void {
    this.backoff.set(accountId, { failures, until: Date.now() + ms });
  }

  /** Stops reading: idle connections closed, every lease released. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.stopping.abort();
    await this.ticking;
    await Promise.allSettled([...this.sessions.values()]);
  }
}
