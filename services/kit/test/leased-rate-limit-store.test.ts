import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type Counted, LeasedRateLimitStore } from '../src/leased-rate-limit-store';
import { countLeaseTrips, testRedisUrl } from '../src/testing';

const namespace = `test:ratelimit:${randomBytes(4).toString('hex')}:`;
const clients: Redis[] = [];
const stores: LeasedRateLimitStore[] = [];

/** A gateway instance's store on its own connection, counting its round trips to Redis. */
function instance() {
  const redis = new Redis(testRedisUrl);
  clients.push(redis);
  const store = new LeasedRateLimitStore(redis, namespace);
  stores.push(store);
  const trips = countLeaseTrips(redis);
  return { store, trips };
}

afterAll(async () => {
  for (const store of stores) store.close();
  const keys = await clients[0]?.keys(`${namespace}*`);
  if (keys?.length) await clients[0]?.del(...keys);
  for (const client of clients) client.disconnect();
});

const allowed = (results: Counted[], max: number) => results.filter((result) => result.current <= max).length;

describe('LeasedRateLimitStore', () => {
  it('never lets more than the limit through across instances, and takes a busy key from Redis in leases', async () => {
    const gateways = [instance(), instance(), instance()];
    const max = 1_000;
    const results: Counted[] = [];
    // 3,000 requests in waves of 50 at once on each instance.
    for (let wave = 0; wave < 20; wave += 1) {
      const asks = gateways.flatMap(({ store }) => Array.from({ length: 50 }, () => store.count('api:busy', 60_000, max)));
      results.push(...(await Promise.all(asks)));
    }
    const through = allowed(results, max);
    expect(through).toBeLessThanOrEqual(max);
    // What leases can waste: each instance's unused units, at most 1% of the limit each.
    expect(through).toBeGreaterThanOrEqual(max - 3 * 10);
    const trips = gateways.reduce((sum, { trips }) => sum + trips.count, 0);
    expect(trips).toBeLessThan(results.length / 5);
    // Past the limit each instance refuses without asking Redis again.
    const before = trips;
    for (const { store } of gateways) expect((await store.count('api:busy', 60_000, max)).current).toBe(max + 1);
    expect(gateways.reduce((sum, { trips }) => sum + trips.count, 0)).toBe(before);
  });

  it('counts the units other instances took in what it reports as used', async () => {
    const [a, b] = [instance(), instance()];
    expect((await a.store.count('api:shared', 60_000, 500)).current).toBe(1);
    expect((await b.store.count('api:shared', 60_000, 500)).current).toBe(2);
    const third = await a.store.count('api:shared', 60_000, 500);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(59_000);
  });

  it('counts each request of a small limit in Redis, then refuses locally until the window ends', async () => {
    const { store, trips } = instance();
    const counts = [];
    for (let i = 0; i < 5; i += 1) counts.push((await store.count('auth:10.0.0.1', 400, 3)).current);
    expect(counts).toEqual([1, 2, 3, 4, 4]);
    expect(trips.count).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await store.count('auth:10.0.0.1', 400, 3)).current).toBe(1);
  });

  it('starts a new window with a fresh count once the old one has ended', async () => {
    const { store } = instance();
    const max = 200;
    const first: Counted[] = [];
    for (let i = 0; i < 220; i += 1) first.push(await store.count('api:windowed', 500, max));
    expect(allowed(first, max)).toBe(max);
    await new Promise((resolve) => setTimeout(resolve, 550));
    const next = await store.count('api:windowed', 500, max);
    expect(next.current).toBe(1);
    expect(next.ttl).toBeGreaterThan(400);
  });

  it('counts from a live lease without waiting, and leaves the rest to count', async () => {
    const { store, trips } = instance();
    const max = 10_000; // a lease of up to 64 units
    expect(store.countNow('api:now', max)).toBeUndefined(); // no lease yet: count takes one
    expect((await store.count('api:now', 60_000, max)).current).toBe(1);
    // The first lease is one unit, used by that request; the next one doubles while the key is busy.
    expect(store.countNow('api:now', max)).toBeUndefined();
    expect((await store.count('api:now', 60_000, max)).current).toBe(2);
    const now = store.countNow('api:now', max);
    expect(now?.current).toBe(3);
    expect(now?.ttl).toBeGreaterThan(59_000);
    expect(trips.count).toBe(2);
  });

  it('refuses a small limit at once, without Redis, once its window is used up', async () => {
    const { store, trips } = instance();
    expect(store.countNow('auth:10.0.0.2', 2)).toBeUndefined(); // small limits count in Redis
    for (let i = 0; i < 2; i += 1) await store.count('auth:10.0.0.2', 60_000, 2);
    expect(store.countNow('auth:10.0.0.2', 2)).toMatchObject({ current: 3 });
    expect(trips.count).toBe(2);
  });

  it('fails the count when Redis cannot be reached (the plugin then lets the request through)', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    unreachable.on('error', () => undefined); // as the services' clients do: the refusal is the count's to report
    clients.push(unreachable);
    const store = new LeasedRateLimitStore(unreachable, namespace);
    stores.push(store);
    await expect(store.count('api:down', 60_000, 1_000)).rejects.toThrow();
    await expect(store.count('auth:down', 60_000, 5)).rejects.toThrow();
  });
});
