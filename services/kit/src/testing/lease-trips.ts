// Counts the Redis trips of a LeasedRateLimitStore (its leaseRateLimit script calls) on one connection, for tests of
// how few a busy key makes. Call it once a store has been built on the connection: the store defines the command.
import type { Redis } from 'ioredis';

export function countLeaseTrips(redis: Redis): { count: number } {
  const trips = { count: 0 };
  const lease = (redis as unknown as { leaseRateLimit: (...args: unknown[]) => Promise<unknown> }).leaseRateLimit.bind(redis);
  Object.assign(redis, {
    leaseRateLimit: (...args: unknown[]) => {
      trips.count += 1;
      return lease(...args);
    },
  });
  return trips;
}
