// A sender's concurrency cap across every worker process (issue 20: Microsoft Graph allows 4 concurrent sendMail
// requests per mailbox). Each delivery holds a lease, a member of the sender's sorted set scored by its expiry;
// a lease whose worker died expires after the delivery deadline. Only senders with a `concurrency` limit pay
// the two Redis calls; a full sender's email is held briefly ('sender_busy') instead of waiting in a slot.
import type { Redis } from 'ioredis';
import { RedisScript } from './redis-script';
import { senderKey } from './sender-keys';
import { uniqueHex } from './unique-hex';

const REDIS_TIMEOUT_MS = 2_000;

/** KEYS[1] the sender's leases; ARGV: limit, expiry (ms), lease id. Answers 1 when the lease was taken. */
const ACQUIRE = new RedisScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1`);

export interface SenderLease {
  /** Ends the delivery's lease (call once; a failure only lets the lease expire by itself). */
  release(): void;
}

export class SenderConcurrency {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** How long a lease lives without a release: the delivery deadline and a margin. */
    private readonly leaseMs: number,
  ) {}

  private key(accountId: string): string {
    return senderKey(this.prefix, accountId, 'leases');
  }

  /** A lease when fewer than `limit` deliveries of the sender run anywhere, else null. */
  async acquire(accountId: string, limit: number): Promise<SenderLease | null> {
    const key = this.key(accountId);
    const id = uniqueHex(16);
    const taken = await ACQUIRE.run(this.redis, [key], [String(limit), String(this.leaseMs), id], REDIS_TIMEOUT_MS);
    if (taken !== 1) return null;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.redis.zrem(key, id).catch(() => 0);
      },
    };
  }
}
