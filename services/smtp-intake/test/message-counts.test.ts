// The messages per API key and minute over two intake instances on one Redis: never more than the limit, a large
// limit taken from Redis in leases (far fewer round trips than messages), a small one counted message by message.
import { randomBytes } from 'node:crypto';
import { countLeaseTrips, testRedisUrl } from '@mailwright/kit/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisKeyLimits } from '../src/adapters/redis-key-limits';

const prefix = `test:intake-counts:${randomBytes(4).toString('hex')}`;
const clients: Redis[] = [];
const limits: RedisKeyLimits[] = [];

/** An intake instance's limits on a connection of its own, counting its trips to Redis for message counts. */
function instance(messagesPerMinute: number) {
  const redis = new Redis(testRedisUrl);
  clients.push(redis);
  const keyLimits = new RedisKeyLimits(redis, { prefix, maxConnectionsPerKey: 10, messagesPerMinute });
  limits.push(keyLimits);
  const trips = countLeaseTrips(redis);
  return { keyLimits, trips };
}

afterAll(async () => {
  for (const each of limits) each.close();
  const keys = await clients[0]?.keys(`${prefix}*`);
  if (keys?.length) await clients[0]?.del(...keys);
  for (const client of clients) client.disconnect();
});

/** `messages` counted in turns, eight at once on each instance; how many were allowed. */
async function countOver(instances: ReturnType<typeof instance>[], apiKeyId: string, messages: number): Promise<number> {
  let allowed = 0;
  for (let sent = 0; sent < messages; sent += 8 * instances.length) {
    const turn = instances.flatMap(({ keyLimits }) => Array.from({ length: 8 }, () => keyLimits.countMessage(apiKeyId)));
    allowed += (await Promise.all(turn)).filter(Boolean).length;
  }
  return allowed;
}

/** The Redis trips of all the instances together. */
const tripsOf = (instances: ReturnType<typeof instance>[]) => instances.reduce((sum, { trips }) => sum + trips.count, 0);

describe('messages per API key and minute', () => {
  it('lets at most the limit through over two instances, in far fewer trips to Redis than messages', async () => {
    const both = [instance(400), instance(400)];
    const allowed = await countOver(both, 'key-busy', 480);
    // Units one instance leased and did not use are lost to the other: at most a lease (4) each.
    expect(allowed).toBeLessThanOrEqual(400);
    expect(allowed).toBeGreaterThanOrEqual(392);
    const trips = tripsOf(both);
    expect(trips).toBeGreaterThan(0);
    expect(trips).toBeLessThan(480 / 3);
    // Another key has its own minute.
    expect(await both[0]?.keyLimits.countMessage('key-quiet')).toBe(true);
  });

  it('counts a small limit message by message, exactly', async () => {
    const both = [instance(5), instance(5)];
    expect(await countOver(both, 'key-small', 16)).toBe(5);
    expect(tripsOf(both)).toBeGreaterThanOrEqual(5);
  });
});
