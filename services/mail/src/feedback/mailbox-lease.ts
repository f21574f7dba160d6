// One reader per mailbox across every worker process: a Redis lease (SET NX PX with a random token), renewed
// while the mailbox is read and released with a compare-and-delete, so a worker whose lease lapsed (a long
// pause) can never renew or delete the lease another worker took since. A worker that dies leaves a lease that
// expires by itself after `ttlMs`.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RedisScript } from '../delivery/redis-script';
import { senderKey } from '../delivery/sender-keys';

const REDIS_TIMEOUT_MS = 2_000;

/** KEYS[1] the lease; ARGV: token, ttl (ms). 1 when the token still holds the lease (and its ttl was reset). */
const RENEW = new RedisScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1`);

/** KEYS[1] the lease; ARGV: token. Deletes it only while this token holds it. */
const RELEASE = new RedisScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('DEL', KEYS[1])`);

export interface MailboxLease {
  /** false when the lease was lost (expired and taken by another worker): stop reading. */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

export class MailboxLeases {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly ttlMs: number,
  ) {}

  async acquire(accountId: string): Promise<MailboxLease | null> {
    const key = senderKey(this.prefix, accountId, 'feedback-lease');
    const token = randomBytes(12).toString('hex');
    const taken = await this.redis.set(key, token, 'PX', this.ttlMs, 'NX');
    if (taken !== 'OK') return null;
    return {
      renew: async () => (await RENEW.run(this.redis, [key], [token, String(this.ttlMs)], REDIS_TIMEOUT_MS)) === 1,
      release: async () => {
        await RELEASE.run(this.redis, [key], [token], REDIS_TIMEOUT_MS).catch(() => 0);
      },
    };
  }
}
