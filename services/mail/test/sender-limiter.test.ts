// The sender limiter against the real Redis (and Postgres for recovery): exact under concurrent callers on
// separate connections, a sliding minute, a rolling day in one-minute buckets, and windows rebuilt from sent rows.
import { randomUUID } from 'node:crypto';
import type { SenderLimits } from '@mailwright/contracts';
import { testRedisUrl } from '@mailwright/kit/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecentSends, recentSendsFrom, SenderLimiter, type TakeResult } from '../src/delivery/sender-limiter';
import { Harness } from './support/harness';

const h = new Harness('sender-limiter');
let other: Redis;
beforeAll(async () => {
  await h.start({ worker: false });
  other = new Redis(testRedisUrl);
});
afterAll(async () => {
  other?.disconnect();
  await h.stop();
});

const MINUTE = 60_000;
const DAY = 86_400_000;
/** A minute boundary, so the day's one-minute buckets start at T0 + whole minutes. */
const T0 = Date.parse('2030-01-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);
const NONE: SenderLimits = { perMinute: null, perDay: null, recipientsPerDay: null, concurrency: null };

let tests = 0;
/** Limiters on two connections sharing a key prefix of their own (under the harness prefix, flushed at the end). */
function limiters(loader?: ConstructorParameters<typeof SenderLimiter>[2]): [SenderLimiter, SenderLimiter] {
  const prefix = `${h.config.QUEUE_PREFIX}:t${++tests}`;
  return [new SenderLimiter(h.redis, prefix, loader), new SenderLimiter(other, prefix, loader)];
}

const okCount = (results: TakeResult[]) => results.filter((result) => result.ok).length;

/** The ticket of a one-recipient take that must pass (the test fails here when it does not). */
async function ticketOf(limiter: SenderLimiter, account: string, limits: SenderLimits, ms: number): Promise<string> {
  const taken = await limiter.take(account, { recipients: 1, limits, now: at(ms) });
  if (!taken.ok) throw new Error(`the take at ${ms} ms should pass`);
  return taken.ticket;
}

describe('the minute window', () => {
  it('lets exactly perMinute of many concurrent takers through, on two connections', async () => {
    const [a, b] = limiters();
    const account = randomUUID();
    const limits = { ...NONE, perMinute: 30 };
    // 20 takers, 3 takes each, all within the same second.
    const results = await Promise.all(
      Array.from({ length: 20 }, async (_, taker) => {
        const limiter = taker % 2 === 0 ? a : b;
        const own: TakeResult[] = [];
        for (let k = 0; k < 3; k++) own.push(await limiter.take(account, { recipients: 1, limits, now: at(taker * 10 + k) }));
        return own;
      }),
    );
    expect(okCount(results.flat())).toBe(30);
    const refused = results.flat().filter((result) => !result.ok);
    expect(refused.every((result) => result.reason === 'sender_minute_limit')).toBe(true);
  });

  it('reopens exactly when the oldest send is 60 s old, one send per send that left', async () => {
    const [a, b] = limiters();
    const account = randomUUID();
    const limits = { ...NONE, perMinute: 3 };
    for (const ms of [0, 1_000, 2_500]) expect((await a.take(account, { recipients: 1, limits, now: at(ms) })).ok).toBe(true);

    expect(await b.take(account, { recipients: 1, limits, now: at(MINUTE - 1) })).toEqual({
      ok: false,
      reason: 'sender_minute_limit',
      until: at(MINUTE),
    });
    expect((await b.take(account, { recipients: 1, limits, now: at(MINUTE) })).ok).toBe(true);
    expect(await a.take(account, { recipients: 1, limits, now: at(MINUTE) })).toMatchObject({
      ok: false,
      until: at(MINUTE + 1_000),
    });
    expect((await a.take(account, { recipients: 1, limits, now: at(MINUTE + 1_000) })).ok).toBe(true);
    expect(await a.take(account, { recipients: 1, limits, now: at(MINUTE + 2_000) })).toMatchObject({
      until: at(MINUTE + 2_500),
    });
  });

  it('never has more than perMinute sends in any 60 s window while callers keep trying', async () => {
    const [a, b] = limiters();
    const account = randomUUID();
    const limits = { ...NONE, perMinute: 25 };
    const sent: number[] = [];
    // Four minutes of takes every 500 ms, each instant tried by four callers at once.
    for (let ms = 0; ms < 4 * MINUTE; ms += 500) {
      const results = await Promise.all(
        [a, b, a, b].map((limiter, i) => limiter.take(account, { recipients: 1, limits, now: at(ms + i) })),
      );
      results.forEach((result, i) => {
        if (result.ok) sent.push(ms + i);
      });
    }
    for (const start of sent) expect(sent.filter((t) => t >= start && t < start + MINUTE).length).toBeLessThanOrEqual(25);
    expect(sent.length).toBe(4 * 25); // and every minute's capacity was used
  });
});

describe('a send that arrives after its take', () => {
  it('counts in the minute from when it was sent, so sends that arrive late never crowd one minute', async () => {
    const [a, b] = limiters();
    const account = randomUUID();
    const limits = { ...NONE, perMinute: 2 };
    const first = await ticketOf(a, account, limits, 0);
    const second = await ticketOf(b, account, limits, 100);
    // The first send reaches the provider 5 s after its take (a queue behind the account, a slow worker).
    await a.sent(account, first, at(5_000));
    await b.sent(account, second, at(200));
    expect(await a.take(account, { recipients: 1, limits, now: at(MINUTE) })).toMatchObject({
      ok: false,
      until: at(MINUTE + 200),
    });
    expect((await a.take(account, { recipients: 1, limits, now: at(MINUTE + 200) })).ok).toBe(true);
    // Without sent(), the first send's window would free at 60 s, while it arrived at 5 s: three arrivals in 60 s.
    expect(await b.take(account, { recipients: 1, limits, now: at(MINUTE + 4_999) })).toMatchObject({
      ok: false,
      until: at(MINUTE + 5_000),
    });
    expect((await b.take(account, { recipients: 1, limits, now: at(MINUTE + 5_000) })).ok).toBe(true);
  });

  it('counts a send that took longer than the window again from its arrival, and keeps its day count once', async () => {
    const [a] = limiters();
    const account = randomUUID();
    const limits = { ...NONE, perMinute: 1, perDay: 10 };
    const slow = await ticketOf(a, account, limits, 0);
    // Its take leaves the window at 60 s; a second send goes then, and the slow one arrives at 70 s.
    const next = await ticketOf(a, account, limits, MINUTE);
    await a.sent(account, next, at(MINUTE));
    await a.sent(account, slow, at(MINUTE + 10_000));
    expect(await a.take(account, { recipients: 1, limits, now: at(2 * MINUTE + 5_000) })).toMatchObject({
      ok: false,
      until: at(2 * MINUTE + 10_000),
    });
    expect(await a.usage(account, limits, at(2 * MINUTE + 5_000))).toMatchObject({ day: { used: 2 } });
  });
});

describe('a send that starts long after its take', () => {
  it('counts from its start while its take is still in the window, so the window frees a minute after the send', async () => {
    const [a, b] = limiters();
    const account = randomUUID();
    const limits = { ...NONE, perMinute: 1 };
    const taken = await ticketOf(a, account, limits, 0);
    expect(await a.sending(account, taken, 1, at(30_000))).toEqual({ ok: true });
    expect(await b.take(account, { recipients: 1, limits, now: at(MINUTE) })).toMatchObject({
      ok: false,
      until: at(MINUTE + 30_000),
    });
  });

  it('comes back into a window with room after its take left it, and counts from its start', async () => {
    const [a] = limiters();
    const account = randomUUID();
    const limits = { ...NONE, perMinute: 2, perDay: 10 };
    const taken = await ticketOf(a, account, limits, 0);
    expect(await a.sending(account, taken, 2, at(MINUTE + 10_000))).toEqual({ ok: true });
    expect(await a.usage(account, limits, at(MINUTE + 10_000))).toMatchObject({ minute: { used: 1 }, day: { used: 1 } });
  });

  it('does not go when its take left the window and another send took its place: the take is given back', async () => {
    const [a, b] = limiters();
    const account = randomUUID();
    const limits = { ...NONE, perMinute: 1, perDay: 10 };
    const waiting = await ticketOf(a, account, limits, 0);
    // At 60 s the waiting take has left the window, and another send takes the minute.
    const other = await ticketOf(b, account, limits, MINUTE);
    await b.sent(account, other, at(MINUTE + 500));
    // The waiting send would make two arrivals in one minute: it waits for the other to leave the window.
    expect(await a.sending(account, waiting, 1, at(MINUTE + 5_000))).toEqual({
      ok: false,
      until: at(2 * MINUTE + 500),
    });
    expect(await a.usage(account, limits, at(MINUTE + 5_000))).toMatchObject({ minute: { used: 1 }, day: { used: 1 } });
    // Given back once: releasing it as well changes nothing.
    expect(await a.release(account, waiting)).toBe(false);
    expect(await a.usage(account, limits, at(MINUTE + 5_000))).toMatchObject({ day: { used: 1 } });
  });
});

describe('the day windows', () => {
  it('holds perDay over a rolling 24 h, each send counting until 24 h after the end of its minute', async () => {
    const [a, b] = limiters();
    const account = randomUUID();
    const limits = { ...NONE, perMinute: 60, perDay: 3 };
    for (const ms of [5_000, 3_600_000, 7_200_000])
      expect((await a.take(account, { recipients: 1, limits, now: at(ms) })).ok).toBe(true);
    expect(await b.take(account, { recipients: 1, limits, now: at(8 * 3_600_000) })).toEqual({
      ok: false,
      reason: 'sender_day_limit',
      until: at(MINUTE + DAY),
    });
    expect((await b.take(account, { recipients: 1, limits, now: at(MINUTE + DAY - 1) })).ok).toBe(false);
    expect((await b.take(account, { recipients: 1, limits, now: at(MINUTE + DAY) })).ok).toBe(true);
    expect(await a.take(account, { recipients: 1, limits, now: at(MINUTE + DAY + 1) })).toMatchObject({
      reason: 'sender_day_limit',
      until: at(3_600_000 + MINUTE + DAY),
    });
  });

  it('counts recipients of multi-recipient sends against recipientsPerDay', async () => {
    const [a] = limiters();
    const account = randomUUID();
    const limits = { ...NONE, recipientsPerDay: 10 };
    expect((await a.take(account, { recipients: 4, limits, now: at(0) })).ok).toBe(true);
    expect((await a.take(account, { recipients: 4, limits, now: at(2 * MINUTE) })).ok).toBe(true);
    // 8 + 3 > 10: the first send's 4 must leave first.
    expect(await a.take(account, { recipients: 3, limits, now: at(3 * MINUTE) })).toEqual({
      ok: false,
      reason: 'sender_day_limit',
      until: at(MINUTE + DAY),
    });
    expect((await a.take(account, { recipients: 2, limits, now: at(3 * MINUTE) })).ok).toBe(true);
    // 10 + 9 > 10: both earlier buckets must leave.
    expect(await a.take(account, { recipients: 9, limits, now: at(4 * MINUTE) })).toMatchObject({
      until: at(4 * MINUTE + DAY),
    });
    expect(await a.take(account, { recipients: 11, limits, now: at(4 * MINUTE) })).toEqual({
      ok: false,
      reason: 'too_many_recipients',
    });
  });

  it('answers the later of the minute and day instants when both are full', async () => {
    const [a] = limiters();
    const account = randomUUID();
    const limits = { ...NONE, perMinute: 2, perDay: 2 };
    await a.take(account, { recipients: 1, limits, now: at(0) });
    await a.take(account, { recipients: 1, limits, now: at(1) });
    expect(await a.take(account, { recipients: 1, limits, now: at(2) })).toEqual({
      ok: false,
      reason: 'sender_day_limit',
      until: at(MINUTE + DAY),
    });
  });
});

describe('usage and release', () => {
  it('reports this minute, the rolling day and its recipients', async () => {
    const [a, b] = limiters();
    const account = randomUUID();
    const limits = { ...NONE, perMinute: 30, perDay: 500 };
    expect(await a.usage(account, limits, at(0))).toEqual({
      minute: { used: 0, limit: 30 },
      day: { used: 0, limit: 500, resetsAt: null },
      recipientsToday: 0,
    });
    await a.take(account, { recipients: 3, limits, now: at(10_000) });
    await b.take(account, { recipients: 1, limits, now: at(50_000) });
    await b.take(account, { recipients: 2, limits, now: at(70_000) });
    expect(await b.usage(account, limits, at(80_000))).toEqual({
      minute: { used: 2, limit: 30 },
      day: { used: 3, limit: 500, resetsAt: at(MINUTE + DAY) },
      recipientsToday: 6,
    });
    expect(await a.usage(account, limits, at(MINUTE + DAY))).toEqual({
      minute: { used: 0, limit: 30 },
      day: { used: 1, limit: 500, resetsAt: at(2 * MINUTE + DAY) },
      recipientsToday: 2,
    });
  });

  it('gives back a take whose send did not happen, once', async () => {
    const [a, b] = limiters();
    const account = randomUUID();
    const limits = { ...NONE, perMinute: 1, perDay: 1 };
    const taken = await a.take(account, { recipients: 2, limits, now: at(0) });
    if (!taken.ok) throw new Error('expected the first take to succeed');
    expect(await b.release(account, taken.ticket)).toBe(true);
    expect(await b.release(account, taken.ticket)).toBe(false);
    expect(await a.usage(account, limits, at(1))).toMatchObject({ minute: { used: 0 }, day: { used: 0 }, recipientsToday: 0 });
    expect((await b.take(account, { recipients: 1, limits, now: at(2) })).ok).toBe(true);
  });
});

describe('recovery', () => {
  async function insertSent(
    accountId: string,
    sentAt: Date,
    recipients: { to: string[]; cc?: string[]; bcc?: string[] },
    status = 'sent',
  ) {
    await h.pool.query(
      `INSERT INTO mail.emails (id, user_id, email_account_id, from_email, "to", cc, bcc, subject, body, status, message_id, quota_month, sent_at)
       VALUES ($1, $2, $3, 'from@example.com', $4, $5, $6, 's', 'b', $7, $8, '2030-01', $9)`,
      [
        randomUUID(),
        randomUUID(),
        accountId,
        recipients.to,
        recipients.cc ?? [],
        recipients.bcc ?? [],
        status,
        `<${randomUUID()}@t>`,
        sentAt,
      ],
    );
  }

  it('rebuilds the windows from mail.emails sent rows when Redis has none, then counts on', async () => {
    const account = randomUUID();
    const now = at(DAY + 30 * MINUTE);
    await insertSent(account, at(29 * MINUTE + 30_000), { to: ['a@x.io'] }); // left the day (bucket end + 24 h passed)
    await insertSent(account, at(31 * MINUTE + 15_000), { to: ['a@x.io', 'b@x.io'], cc: ['c@x.io'] });
    await insertSent(account, at(31 * MINUTE + 45_000), { to: ['a@x.io'], bcc: ['d@x.io'] });
    await insertSent(account, at(DAY + 29 * MINUTE + 10_000), { to: ['a@x.io'] });
    await insertSent(account, at(DAY + 29 * MINUTE + 10_000), { to: ['a@x.io'] });
    await insertSent(account, at(DAY + 29 * MINUTE + 20_000), { to: ['a@x.io'] }, 'failed');
    await insertSent(randomUUID(), at(DAY + 29 * MINUTE + 20_000), { to: ['a@x.io'] }); // another sender
    const [a, b] = limiters(recentSendsFrom(h.pool));
    const limits = { ...NONE, perMinute: 3, perDay: 5 };

    expect(await a.usage(account, limits, now)).toEqual({
      minute: { used: 2, limit: 3 },
      day: { used: 4, limit: 5, resetsAt: at(32 * MINUTE + DAY) },
      recipientsToday: 7,
    });
    expect((await b.take(account, { recipients: 1, limits, now })).ok).toBe(true);
    expect(await b.take(account, { recipients: 1, limits, now: at(DAY + 30 * MINUTE + 1) })).toEqual({
      ok: false,
      reason: 'sender_day_limit',
      until: at(32 * MINUTE + DAY),
    });
    // Windows that exist are never overwritten by a later seed.
    expect(await a.seed(account, [], now)).toBe(false);
    expect((await a.usage(account, limits, now)).day.used).toBe(5);
  });

  it('seeds the exact instants of the last minute, so the minute window reopens on time', async () => {
    const [a] = limiters();
    const account = randomUUID();
    const sends: RecentSends[] = [
      { at: at(20_000), sends: 2, recipients: 2 },
      { at: at(30_500), sends: 1, recipients: 5 },
    ];
    expect(await a.seed(account, sends, at(40_000))).toBe(true);
    const limits = { ...NONE, perMinute: 3, recipientsPerDay: 8 };
    expect(await a.take(account, { recipients: 1, limits, now: at(40_000) })).toEqual({
      ok: false,
      reason: 'sender_minute_limit',
      until: at(80_000),
    });
    expect((await a.take(account, { recipients: 1, limits, now: at(80_000) })).ok).toBe(true);
    expect(await a.take(account, { recipients: 1, limits, now: at(90_500) })).toMatchObject({ reason: 'sender_day_limit' });
  });

  it('reseeds after Redis lost the keys', async () => {
    const account = randomUUID();
    await insertSent(account, at(10_000), { to: ['a@x.io', 'b@x.io'] });
    const [a] = limiters(recentSendsFrom(h.pool));
    const limits = { ...NONE, perDay: 2 };
    expect((await a.take(account, { recipients: 1, limits, now: at(20_000) })).ok).toBe(true);
    const keys = await h.redis.keys(`${h.config.QUEUE_PREFIX}:t${tests}:mail:sender:{${account}}:*`);
    expect(keys).toHaveLength(3);
    await h.redis.del(...keys);
    // The take at 20 s was never recorded 'sent', so only the row counts again.
    expect(await a.usage(account, limits, at(30_000))).toMatchObject({ day: { used: 1 }, recipientsToday: 2 });
  });
});
