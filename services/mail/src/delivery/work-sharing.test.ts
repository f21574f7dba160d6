import { randomBytes } from 'node:crypto';
import { testRedisUrl } from '@mailwright/kit/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { StartWindow } from './start-window';
import { WorkSharing } from './work-sharing';

const redis = new Redis(testRedisUrl);
let prefix = '';
beforeEach(() => {
  prefix = `mwtest-sharing-${randomBytes(4).toString('hex')}`;
});
afterAll(async () => {
  const keys = await redis.keys('mwtest-sharing-*');
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

interface Load {
  running: number;
  activeAt: number;
}

/** A worker's work sharing on the real Redis, its clock at `now`, with what it gave back and brought forward. */
const clock = { now: 100_000 };
beforeEach(() => {
  clock.now = 100_000;
});

/** A dry worker's first look, then one 300 ms later: dry for long enough to be given work. */
async function dryFor300ms(sharing: WorkSharing): Promise<void> {
  await sharing.tick();
  clock.now += 300;
  await sharing.tick();
}

function worker(load: Load, options: { redis?: Redis; warnings?: string[]; notDelayed?: string[] } = {}) {
  const window = new StartWindow(100);
  const given: number[] = [];
  const promoted: string[] = [];
  const counted: number[] = [];
  const sharing = new WorkSharing({
    redis: options.redis ?? redis,
    dryKey: `${prefix}:dry`,
    steppedAsideKey: `${prefix}:stepped-aside`,
    promote: async (jobId) => {
      if (options.notDelayed?.includes(jobId)) throw new Error('Job is not in the delayed state');
      promoted.push(jobId);
    },
    window,
    load: { runningEmails: () => load.running, lastActiveAt: () => load.activeAt },
    dryBelow: 100,
    onGiveBack: (jobs) => given.push(jobs),
    onPromote: (jobs) => counted.push(jobs),
    log: { warn: (_: unknown, message: string) => options.warnings?.push(message) } as never,
    now: () => clock.now,
  });
  return { sharing, window, given, promoted, counted };
}

const dryKeyExists = async () => (await redis.exists(`${prefix}:dry`)) === 1;

describe('WorkSharing', () => {
  it('gives a dry worker the jobs that have not started', async () => {
    const dry = worker({ running: 0, activeAt: 99_000 });
    const busy = worker({ running: 300, activeAt: 99_900 });
    void busy.window.turn('a', 100);
    const kept = busy.window.turn('a', 100);
    const given = busy.window.turn('a', 100);
    await dry.sharing.tick();
    expect(await dryKeyExists()).toBe(true);
    await busy.sharing.tick(); // dry for a moment only: between batches
    expect(busy.given).toEqual([]);
    await dryFor300ms(dry.sharing);
    await busy.sharing.tick(); // looked less than a second ago: not yet
    expect(busy.given).toEqual([]);
    clock.now += 700;
    await busy.sharing.tick();
    await expect(given).resolves.toEqual({ kind: 'give-back' }); // half of the waiting jobs, the last first
    expect(busy.given).toEqual([1]);
    expect(busy.window.waiting).toBe(1);
    expect(await dryKeyExists()).toBe(false);
    busy.sharing.stop();
    await expect(kept).resolves.toEqual({ kind: 'give-back' });
  });

  it('says nothing while busy or long idle, and never gives to itself', async () => {
    await worker({ running: 150, activeAt: 99_000 }).sharing.tick();
    await worker({ running: 0, activeAt: 80_000 }).sharing.tick();
    expect(await dryKeyExists()).toBe(false);
    const self = worker({ running: 0, activeAt: 99_000 });
    await dryFor300ms(self.sharing);
    void self.window.turn('a', 100);
    void self.window.turn('a', 100);
    await self.sharing.tick();
    expect(self.given).toEqual([]);
  });

  it('keeps saying it is dry past its first seconds while others take its word, and falls silent once none do', async () => {
    const dry = worker({ running: 0, activeAt: 99_000 }); // started a second ago, has finished nothing
    const busy = worker({ running: 300, activeAt: 99_900 });
    void busy.window.turn('a', 100);
    void busy.window.turn('a', 100);
    await dryFor300ms(dry.sharing);
    await busy.sharing.tick(); // takes the word and gives back (the job may come back to it: its slots are free)
    expect(busy.given).toEqual([1]);
    clock.now += 200;
    await dry.sharing.tick(); // its word was taken
    clock.now = 102_400; // 3.4 s since it started: past BUSY_LATELY_MS
    await redis.del(`${prefix}:dry`);
    await dry.sharing.tick();
    expect(await dryKeyExists()).toBe(true);
    clock.now = 104_000; // nobody took it since 100,500, and it is not a word just taken (said 1.6 s ago)
    await redis.del(`${prefix}:dry`);
    await dry.sharing.tick();
    expect(await dryKeyExists()).toBe(false);
    busy.sharing.stop();
  });

  it('brings the next stepped-aside jobs forward while dry, two a look, dropping those already back', async () => {
    const busy = worker({ running: 1_000, activeAt: 99_900 });
    busy.sharing.steppedAside('a', 'back-already', 99_500);
    busy.sharing.steppedAside('a', 'third', 104_000);
    busy.sharing.steppedAside('b', 'first', 101_000);
    busy.sharing.steppedAside('a', 'second', 102_000);
    busy.sharing.steppedAside('a', 'back-by-then', 100_200);
    await busy.sharing.tick(); // busy: brings nothing forward
    const dry = worker({ running: 0, activeAt: 99_000 }, { notDelayed: ['second'] });
    await dry.sharing.tick();
    expect(dry.promoted).toEqual([]); // dry for a moment only
    clock.now = 100_300;
    await dry.sharing.tick();
    expect(dry.promoted).toEqual(['first']);
    expect(dry.counted).toEqual([1]); // 'second' had come back meanwhile
    await dry.sharing.tick();
    expect(dry.promoted).toEqual(['first', 'third']);
    expect(await redis.zcard(`${prefix}:stepped-aside`)).toBe(0);
    expect(await redis.zcount(`${prefix}:stepped-aside:a`, clock.now, '+inf')).toBe(0); // off the account's list too
  });

  it('brings an account’s next stepped-aside job forward when a job leaves its full line', async () => {
    const busy = worker({ running: 1_000, activeAt: 99_900 }, { notDelayed: ['a-1'] });
    busy.sharing.steppedAside('a', 'a-2', 102_000);
    busy.sharing.steppedAside('a', 'a-1', 101_000);
    busy.sharing.steppedAside('b', 'b-1', 100_500);
    expect(await busy.sharing.pull('a')).toBe(true);
    expect(busy.promoted).toEqual(['a-2']);
    expect(busy.counted).toEqual([1]);
    expect(await busy.sharing.pull('a')).toBe(false); // nothing of a left ('a-1' came back by its time)
    expect(await busy.sharing.pull('c')).toBe(false);
    expect(busy.promoted).toEqual(['a-2']);
    expect(await redis.zrange(`${prefix}:stepped-aside:b`, 0, -1)).toEqual(['b-1']);
    // The pulled jobs left the list of all too: a dry worker does not take them again.
    expect(await redis.zrange(`${prefix}:stepped-aside`, 0, -1)).toEqual(['b/b-1']);
  });

  it('warns once while Redis does not answer', async () => {
    const down = new Redis({ port: 1, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
    const warnings: string[] = [];
    const dry = worker({ running: 0, activeAt: 99_000 }, { redis: down, warnings });
    await dry.sharing.tick();
    await dry.sharing.tick();
    expect(warnings).toEqual(['work sharing paused: Redis did not answer']);
    down.disconnect();
  });

  it('gives back every waiting job when it stops', async () => {
    const closing = worker({ running: 200, activeAt: 99_000 });
    void closing.window.turn('a', 100);
    const waiting = closing.window.turn('a', 100);
    closing.sharing.stop();
    await expect(waiting).resolves.toEqual({ kind: 'give-back' });
  });
});
