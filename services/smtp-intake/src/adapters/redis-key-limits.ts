// Per-API-key limits in Redis, so they hold over every intake instance. Connections: a sorted set per key whose
// members are leases (instance and session) scored by their expiry; each instance renews its live leases, so the
// slots of an instance that died free themselves within one lease. Messages: a counter per key and minute, taken
// from Redis in leases once the limit is large enough (kit's LeasedRateLimitStore, as the gateway's API limits): a
// write to Redis per message was the intake's largest cost per message after the SMTP replies.
import { randomUUID } from 'node:crypto';
import { LeasedRateLimitStore } from '@mailwright/kit';
import type { Redis } from 'ioredis';
import type { ConnectionSlot, KeyLimits } from '../deps';

const LEASE_MS = 60_000;
const RENEW_EVERY_MS = 20_000;
const MINUTE_MS = 60_000;

// Drops expired leases, then adds this one unless the key already holds `max`.
const OPEN_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

export interface RedisKeyLimitsOptions {
  prefix: string;
  maxConnectionsPerKey: number;
  messagesPerMinute: number;
}

export class RedisKeyLimits implements KeyLimits {
  private readonly instance = randomUUID();
  private readonly held = new Map<string, string>();
  private readonly renewal: NodeJS.Timeout;
  private readonly messages: LeasedRateLimitStore;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisKeyLimitsOptions,
  ) {
    this.renewal = setInterval(() => void this.renew().catch(() => {}), RENEW_EVERY_MS);
    this.renewal.unref();
    this.messages = new LeasedRateLimitStore(redis, `${options.prefix}:messages:`);
  }

  async openConnection(apiKeyId: string): Promise<ConnectionSlot | null> {
    const key = this.connectionsKey(apiKeyId);
    const member = `${this.instance}:${randomUUID()}`;
    const now = Date.now();
    const added = await this.redis.eval(
      OPEN_SCRIPT,
      1,
      key,
      now,
      now + LEASE_MS,
      member,
      this.options.maxConnectionsPerKey,
      LEASE_MS * 2,
    );
    if (added !== 1) return null;
    this.held.set(member, key);
    return {
      release: async () => {
        if (!this.held.delete(member)) return;
        await this.redis.zrem(key, member);
      },
    };
  }

  async countMessage(apiKeyId: string): Promise<boolean> {
    const { messagesPerMinute } = this.options;
    return (await this.messages.count(apiKeyId, MINUTE_MS, messagesPerMinute)).current <= messagesPerMinute;
  }

  /** Stops renewing; the leases still held expire on their own (connections are closed before this). */
  close(): void {
    clearInterval(this.renewal);
    this.messages.close();
  }

  private async renew(): Promise<void> {
    if (this.held.size === 0) return;
    const expiresAt = Date.now() + LEASE_MS;
    const pipeline = this.redis.pipeline();
    for (const [member, key] of this.held) {
      pipeline.zadd(key, 'XX', expiresAt, member);
      pipeline.pexpire(key, LEASE_MS * 2);
    }
    await pipeline.exec();
  }

  private connectionsKey(apiKeyId: string): string {
    return `${this.options.prefix}:connections:${apiKeyId}`;
  }
}
