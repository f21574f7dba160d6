// Counts per key and window in Redis, shared by every instance, where a busy key takes its counts from Redis in
// leases: the gateway's rate limits (the store of @fastify/rate-limit, as the plugin's own Redis store keeps) and the
// SMTP intake's messages per API key and minute. At 500 requests a second on one API key, the plugin's store made one
// Redis round trip per request (a write and a read on the gateway's socket, about a tenth of the gateway's CPU per
// request, and the round trip on every request's path). Here an instance takes `lease` units at once (INCRBY) and
// answers that many requests itself.
//
// What stays exact: no window ever lets more than `max` requests through, whatever the number of instances (a
// unit is granted only when Redis counted it under `max`). What a lease costs: units one instance leased and did
// not use before the window ended are lost to the others, at most `lease` per instance and key (≤ 1% of `max`);
// and `RateLimit-Remaining` counts the units other instances leased as used. A limit under LEASE_FROM_MAX (the
// sign-in and password limits) never leases: one round trip per request, as before. Once Redis has counted `max`
// in a window the instance refuses locally until the window ends (the count only grows within a window).
import type { Redis } from 'ioredis';

/** Limits from this size on lease; smaller ones count every request in Redis. */
export const LEASE_FROM_MAX = 200;
/** A lease never exceeds this share of the limit, nor MAX_LEASE units. */
const LEASE_SHARE = 0.01;
const MAX_LEASE = 64;
/** A lease used up within this time doubles the next one; one that lasted longer halves it. */
const BUSY_LEASE_MS = 100;

const LEASE_SCRIPT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {total, ttl}`;

type RateLimitRedis = Redis & {
  leaseRateLimit(key: string, windowMs: number, units: number): Promise<[number, number]>;
};

/** What the plugin reads: the requests counted in the window with this one, and the time left in it. */
export interface Counted {
  current: number;
  ttl: number;
}

interface Window {
  resetAt: number;
  /** The requests counted as used, the last one answered included: Redis's count before our lease, plus ours. */
  used: number;
  /** Units leased and not used yet. */
  allowance: number;
  /** Redis has counted `max`: no further lease can be granted in this window. */
  exhausted: boolean;
  lease: number;
  leasedAt: number;
  /** The lease being taken; requests arriving meanwhile wait for it. */
  pending: Promise<void> | null;
  /** Requests that queued behind the lease in flight (the next lease covers them). */
  waiting: number;
}

export class LeasedRateLimitStore {
  private readonly windows = new Map<string, Window>();
  private readonly redis: RateLimitRedis;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    redis: Redis,
    private readonly namespace: string,
  ) {
    if (!('leaseRateLimit' in redis)) redis.defineCommand('leaseRateLimit', { numberOfKeys: 1, lua: LEASE_SCRIPT });
    this.redis = redis as RateLimitRedis;
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  /** @fastify/rate-limit's store interface. */
  incr(key: string, callback: (error: Error | null, result: Counted | null) => void, timeWindow: number, max: number): void {
    this.count(key, timeWindow, max).then(
      (result) => callback(null, result),
      (error: Error) => callback(error, null),
    );
  }

  /** Every limiter shares this store: their keys are distinct (auth:…, password:…, api:…). */
  child(): LeasedRateLimitStore {
    return this;
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  async count(key: string, windowMs: number, max: number): Promise<Counted> {
    if (max < LEASE_FROM_MAX) return this.countEach(key, windowMs, max);
    for (;;) {
      const now = Date.now();
      const counted = this.countLeased(key, max, now);
      if (counted) return counted;
      const window = this.windows.get(key);
      if (window?.pending != null) {
        window.waiting += 1;
        await window.pending;
        continue;
      }
      await this.lease(key, window, windowMs, max, now);
    }
  }

  /**
   * The request counted without waiting, when that needs no trip to Redis: from the key's lease, or refused once Redis
   * has counted `max` in the window. Undefined when only `count` can answer (a lease to take, a small limit). On the
   * send path, most requests of a busy key are answered here, with no promise made.
   */
  countNow(key: string, max: number): Counted | undefined {
    if (max < LEASE_FROM_MAX) {
      const known = this.windows.get(key);
      const now = Date.now();
      return known?.exhausted && known.resetAt > now ? overLimit(known, max, now) : undefined;
    }
    return this.countLeased(key, max, Date.now());
  }

  /** From the key's live lease (or its exhausted window); a window that ended and has no lease in flight is dropped. */
  private countLeased(key: string, max: number, now: number): Counted | undefined {
    const window = this.windows.get(key);
    if (!window) return undefined;
    if (window.resetAt <= now) {
      if (window.pending === null) this.windows.delete(key);
      return undefined;
    }
    if (window.allowance > 0) {
      window.allowance -= 1;
      window.used += 1;
      return { current: window.used, ttl: window.resetAt - now };
    }
    return window.exhausted ? overLimit(window, max, now) : undefined;
  }

  /** A small limit: every request counted in Redis (refused locally once the window is used up). */
  private async countEach(key: string, windowMs: number, max: number): Promise<Counted> {
    const now = Date.now();
    const known = this.windows.get(key);
    if (known?.exhausted && known.resetAt > now) return overLimit(known, max, now);
    const [total, ttl] = await this.redis.leaseRateLimit(this.namespace + key, windowMs, 1);
    if (total >= max) this.windows.set(key, { ...emptyWindow(Date.now() + ttl), exhausted: true });
    return { current: total, ttl };
  }

  private lease(key: string, previous: Window | undefined, windowMs: number, max: number, now: number): Promise<void> {
    const live = previous && previous.resetAt > now ? previous : undefined;
    const window = live ?? emptyWindow(now + windowMs);
    if (!live) this.windows.set(key, window);
    const cap = Math.max(1, Math.min(MAX_LEASE, Math.floor(max * LEASE_SHARE)));
    const grown = live ? (now - live.leasedAt < BUSY_LEASE_MS ? live.lease * 2 : Math.floor(live.lease / 2)) : 1;
    // At least one unit for this request and each that queued behind the last lease.
    const units = Math.min(cap, Math.max(1, grown, window.waiting + 1));
    window.waiting = 0;
    window.pending = this.redis
      .leaseRateLimit(this.namespace + key, windowMs, units)
      .then(([total, ttl]) => {
        // Redis's count before this lease: every unit any instance took in the window, ours included.
        const before = total - units;
        const at = Date.now();
        window.used = before;
        window.allowance = Math.max(0, Math.min(units, max - before));
        window.exhausted = total >= max;
        window.resetAt = at + ttl;
        window.lease = units;
        window.leasedAt = at;
      })
      .finally(() => {
        window.pending = null;
      });
    return window.pending;
  }

  /** Forgets windows that ended (keys of clients gone quiet). */
  private sweep(): void {
    const now = Date.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now && window.pending === null) this.windows.delete(key);
  }
}

/** The answer once Redis has counted `max` in the window: over the limit until the window ends. */
function overLimit(window: Window, max: number, now: number): Counted {
  return { current: max + 1, ttl: window.resetAt - now };
}

function emptyWindow(resetAt: number): Window {
  return { resetAt, used: 0, allowance: 0, exhausted: false, lease: 1, leasedAt: 0, pending: null, waiting: 0 };
}
