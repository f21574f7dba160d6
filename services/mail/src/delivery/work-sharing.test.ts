import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { StartWindow } from './start-window';
import { WorkSharing } from './work-sharing';

/** The two commands work sharing uses, on one key, with expiry ignored. */
function fakeRedis(failing = false) {
  const store = new Map<string, string>();
  const redis = {
    async set(key: string, value: string) {
      if (failing) throw new Error('connection refused');
      store.set(key, value);
      return 'OK';
    },
    async getdel(key: string) {
      if (failing) throw new Error('connection refused');
      const value = store.get(key) ?? null;
      store.delete(key);
      return value;
    },
  };
  return { redis: redis as unknown as Redis, store };
}

function worker(redis: Redis, load: { running: number; activeAt: number }, now = 100_000, warnings: string[] = []) {
  const window = new StartWindow(100);
  const given: number[] = [];
  const sharing = new WorkSharing({
    redis,
    key: 'dry',
    window,
    load: { runningEmails: () => load.running, lastActiveAt: () => load.activeAt },
    dryBelow: 100,
    onGiveBack: (jobs) => given.push(jobs),
    log: { warn: (_: unknown, message: string) => warnings.push(message) } as never,
    now: () => now,
  });
  return { sharing, window, given };
}

describe('WorkSharing', () => {
  it('gives a dry worker the jobs that have not started', async () => {
    const { redis, store } = fakeRedis();
    const dry = worker(redis, { running: 0, activeAt: 99_000 });
    const busy = worker(redis, { running: 300, activeAt: 99_900 });
    void busy.window.turn('a', 100);
    const waiting = busy.window.turn('a', 100);
    await dry.sharing.tick();
    expect(store.has('dry')).toBe(true);
    await busy.sharing.tick();
    await expect(waiting).resolves.toEqual({ kind: 'give-back' });
    expect(busy.given).toEqual([1]);
    expect(store.has('dry')).toBe(false);
  });

  it('says nothing while busy or long idle, and never gives to itself', async () => {
    const { redis, store } = fakeRedis();
    await worker(redis, { running: 150, activeAt: 99_000 }).sharing.tick();
    await worker(redis, { running: 0, activeAt: 80_000 }).sharing.tick();
    expect(store.size).toBe(0);
    const self = worker(redis, { running: 0, activeAt: 99_000 });
    await self.sharing.tick();
    void self.window.turn('a', 100);
    void self.window.turn('a', 100);
    await self.sharing.tick();
    expect(self.given).toEqual([]);
  });

  it('warns once while Redis does not answer', async () => {
    const { redis } = fakeRedis(true);
    const warnings: string[] = [];
    const dry = worker(redis, { running: 0, activeAt: 99_000 }, 100_000, warnings);
    await dry.sharing.tick();
    await dry.sharing.tick();
    expect(warnings).toEqual(['work sharing paused: Redis did not answer']);
  });

  it('gives back every waiting job when it stops', async () => {
    const { redis } = fakeRedis();
    const closing = worker(redis, { running: 200, activeAt: 99_000 });
    void closing.window.turn('a', 100);
    const waiting = closing.window.turn('a', 100);
    closing.sharing.stop();
    await expect(waiting).resolves.toEqual({ kind: 'give-back' });
  });
});
