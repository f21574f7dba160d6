// Identity's one Redis connection (failed-sign-in counters, revocation messages). Commands fail fast while
// Redis is away instead of queueing, so a sign-in never waits on it; callers decide what a failure means.
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** While Redis is down every command fails; one warning a minute is enough to tell the operator. */
const WARN_EVERY_MS = 60_000;

export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  let lastWarnedAt = 0;
  redis.on('error', (error: Error) => {
    const now = Date.now();
    if (now - lastWarnedAt < WARN_EVERY_MS) return;
    lastWarnedAt = now;
    log.warn({ err: error }, 'Redis is unreachable: failed sign-ins are not counted and revocations not published');
  });
  return redis;
}
