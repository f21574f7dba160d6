import { randomBytes } from 'node:crypto';
import { testRedisUrl } from '@mailwright/kit/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { CountingRedisStore } from './rate-limit-store';

const redis = new Redis(testRedisUrl);
const prefix = `test:ratelimit:${randomBytes(6).toString('hex')}:`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

const count = (store: CountingRedisStore, key: string, max: number, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs, max),
  );

describe('CountingRedisStore', () => {
  it('counts far from the limit here, sends the counts to Redis, and asks Redis for every request past half', async () => {
    const store = new CountingRedisStore(redis, prefix);
    const max = 10;
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) seen.push((await count(store, 'a', max)).current);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    await store.flush();
    // Every request reached Redis: the first and those past half at once, the rest with the flush.
    expect(Number(await redis.get(`${prefix}a`))).toBe(12);
    expect(await redis.pttl(`${prefix}a`)).toBeGreaterThan(50_000);
  });

  it('keeps the limit exact across two stores (two gateways) counting the same key at once', async () => {
    const one = new CountingRedisStore(redis, prefix);
    const two = new CountingRedisStore(redis, prefix);
    const max = 100;
    // One request each first, so both count the burst here (locally) up to half the limit before asking Redis.
    await count(one, 'shared', max);
    await count(two, 'shared', max);
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => count(i % 2 === 0 ? one : two, 'shared', max)));
    await Promise.all([one.flush(), two.flush()]);
    const allowed = answers.filter((answer) => answer.current <= max).length;
    expect(allowed).toBeLessThanOrEqual(max - 2);
    expect(allowed).toBeGreaterThan(90);
    expect(Number(await redis.get(`${prefix}shared`))).toBe(302);
  });

  it('starts a new window when the old one ends', async () => {
    const store = new CountingRedisStore(redis, prefix);
    for (let i = 0; i < 3; i++) await count(store, 'short', 1000, 200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await count(store, 'short', 1000, 200)).current).toBe(1);
  });
});
