// Per-sender pacing (issue 20): perMinute over a true sliding 60 s window and perDay / recipientsPerDay over a
// rolling 24 h, counted in Redis by one Lua script per call, so the limits hold exactly however many worker
// processes take at once. Windows a Redis loss emptied are rebuilt from Postgres' sent rows before the next take.
// Keys: <prefix>:mail:sender:{<accountId>}:minute|day|buckets (see sender-limiter-scripts.ts); they expire a
// minute and a day after the sender's last send.
import type { SenderLimits } from '@mailwright/contracts';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { type RecentSends, selectRecentSends } from '../db/queries/recent-sends';
import { RedisScript } from './redis-script';
import { senderKey } from './sender-keys';
import { RELEASE_SCRIPT, SEED_SCRIPT, SENDING_SCRIPT, SENT_SCRIPT, TAKE_SCRIPT, USAGE_SCRIPT } from './sender-limiter-scripts';
import { uniqueHex } from './unique-hex';

const REDIS_TIMEOUT_MS = 2_000;
const SEED_TRIES = 3;
const DAY_BUCKET_MS = 60_000;
/** A one-minute day bucket counts until 24 h after its end (the scripts' BUCKET + DAY). */
const BUCKET_LIFE_MS = DAY_BUCKET_MS + 86_400_000;

/** Until when a send at `atMs` counts in the rolling day: 24 h after the end of its one-minute bucket. */
export const countsInDayUntil = (atMs: number) => atMs - (atMs % DAY_BUCKET_MS) + BUCKET_LIFE_MS;

export type SenderLimitReason = 'sender_minute_limit' | 'sender_day_limit';

export type TakeResult =
  /** `ticket` gives the take back with release() when the send did not happen. */
  | { ok: true; ticket: string }
  /** `until`: the earliest instant this take would succeed if nothing else is sent meanwhile. */
  | { ok: false; reason: SenderLimitReason; until: Date }
  /** More recipients than recipientsPerDay: it can never go within the limit. */
  | { ok: false; reason: 'too_many_recipients' };

export interface SenderUsage {
  minute: { used: number; limit: number | null };
  /** resetsAt: when the oldest counted send leaves the rolling day (capacity next frees); null when none counts. */
  day: { used: number; limit: number | null; resetsAt: Date | null };
  recipientsToday: number;
}

export type { RecentSends };
export type RecentSendsLoader = (accountId: string, now: Date) => Promise<RecentSends[]>;

/** The loader for production: the sender's 'sent' rows of the last day in mail.emails. */
export const recentSendsFrom =
  (pool: pg.Pool, minuteMs = 60_000): RecentSendsLoader =>
  (accountId, now) =>
    selectRecentSends(pool, accountId, now, minuteMs);

/**
 * The minute window the worker counts over: a second longer than the provider's minute. The provider counts a
 * message when it arrives; a send counts here from its take until sent() moves it to just after the arrival, and
 * the second covers what is left: the provider's clock against Redis', and a send sent() has not reached yet.
 */
export const GUARDED_MINUTE_MS = 61_000;

/** Empty string = the script reads Redis' clock. */
const clockArg = (now?: Date) => (now ? String(Math.floor(now.getTime())) : '');
const limitArg = (limit: number | null) => String(limit ?? 0);

export class SenderLimiter {
  private readonly scripts: {
    take: RedisScript;
    sending: RedisScript;
    sent: RedisScript;
    release: RedisScript;
    usage: RedisScript;
    seed: RedisScript;
  };

  /** minuteMs: the sliding minute's length (exactly 60 s by default; the worker uses GUARDED_MINUTE_MS). */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly recentSends: RecentSendsLoader = async () => [],
    readonly minuteMs = 60_000,
  ) {
    this.scripts = {
      take: new RedisScript(TAKE_SCRIPT(minuteMs)),
      sending: new RedisScript(SENDING_SCRIPT(minuteMs)),
      sent: new RedisScript(SENT_SCRIPT(minuteMs)),
      release: new RedisScript(RELEASE_SCRIPT(minuteMs)),
      usage: new RedisScript(USAGE_SCRIPT(minuteMs)),
      seed: new RedisScript(SEED_SCRIPT(minuteMs)),
    };
  }

  private keys(accountId: string): string[] {
    return ['minute', 'day', 'buckets'].map((part) => senderKey(this.prefix, accountId, part));
  }

  private run(script: RedisScript, accountId: string, args: string[]): Promise<unknown> {
    return script.run(this.redis, this.keys(accountId), args, REDIS_TIMEOUT_MS);
  }

  /** Runs a script that answers 'unseeded' when the sender's windows are gone, seeding them from Postgres first. */
  private async seeded(script: RedisScript, accountId: string, args: string[], now?: Date): Promise<unknown[]> {
    for (let attempt = 1; ; attempt++) {
      const answer = (await this.run(script, accountId, args)) as unknown[];
      if (answer[0] !== 'unseeded') return answer;
      if (attempt === SEED_TRIES) throw new Error(`sender limiter: could not seed account ${accountId}`);
      await this.seed(accountId, await this.recentSends(accountId, now ?? new Date()), now);
    }
  }

  /** Counts one send of `recipients` recipients if every limit allows it now. */
  async take(accountId: string, options: { recipients: number; limits: SenderLimits; now?: Date }): Promise<TakeResult> {
    const { recipients, limits, now } = options;
    if (!Number.isInteger(recipients) || recipients < 1) throw new RangeError('recipients must be an integer of at least 1');
    const args = [
      clockArg(now),
      String(recipients),
      limitArg(limits.perMinute),
      limitArg(limits.perDay),
      limitArg(limits.recipientsPerDay),
      uniqueHex(12),
    ];
    const [outcome, value] = await this.seeded(this.scripts.take, accountId, args, now);
    if (outcome === 'ok') return { ok: true, ticket: String(value) };
    if (outcome === 'too_many_recipients') return { ok: false, reason: outcome };
    return { ok: false, reason: outcome as SenderLimitReason, until: new Date(Number(value)) };
  }

  /**
   * The take's send starts now, long enough after its take that the provider might get the message after the take
   * left the minute window: the take counts from now, and if it had left the window already it comes back only if
   * the minute has room (otherwise `until`, and the take is given back). See SENDING_SCRIPT.
   */
  async sending(
    accountId: string,
    ticket: string,
    perMinute: number | null,
    now?: Date,
  ): Promise<{ ok: true } | { ok: false; until: Date }> {
    const [outcome, until] = (await this.run(this.scripts.sending, accountId, [clockArg(now), ticket, limitArg(perMinute)])) as [
      string,
      string?,
    ];
    return outcome === 'ok' ? { ok: true } : { ok: false, until: new Date(Number(until)) };
  }

  /**
   * The take's send happened: from now on it counts in the minute window from this instant, not the take's, so a
   * send that waited or took seconds still leaves a whole minute before the window frees (the day is unchanged).
   */
  async sent(accountId: string, ticket: string, now?: Date): Promise<void> {
    await this.run(this.scripts.sent, accountId, [clockArg(now), ticket]);
  }

  /** Gives back a take whose send did not happen; false once it has left the minute window (it then stays counted). */
  async release(accountId: string, ticket: string): Promise<boolean> {
    return (await this.run(this.scripts.release, accountId, [ticket])) === 1;
  }

  /** The figures of GET /api/email-accounts/{id}/usage (without `held`, which Postgres knows). */
  async usage(accountId: string, limits: SenderLimits, now?: Date): Promise<SenderUsage> {
    const [, minute, sends, recipients, oldest] = await this.seeded(this.scripts.usage, accountId, [clockArg(now)], now);
    return {
      minute: { used: Number(minute), limit: limits.perMinute },
      day: {
        used: Number(sends),
        limit: limits.perDay,
        resetsAt: oldest === '' ? null : new Date(Number(oldest) + BUCKET_LIFE_MS),
      },
      recipientsToday: Number(recipients),
    };
  }

  /**
   * Rebuilds the sender's windows from its recent sends, only if they are missing (true if it did): sends in
   * flight when Redis lost them (taken, not yet recorded 'sent') are not among the rows and go uncounted.
   */
  async seed(accountId: string, sends: RecentSends[], now?: Date): Promise<boolean> {
    const args = [clockArg(now)];
    for (const send of sends) args.push(String(send.at.getTime()), String(send.sends), String(send.recipients));
    return (await this.run(this.scripts.seed, accountId, args)) === 1;
  }
}
