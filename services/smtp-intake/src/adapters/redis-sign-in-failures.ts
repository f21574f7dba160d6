// Failed sign-ins per client address in Redis, so every instance counts them: a sorted set per address of failures
// scored by their time, read as a sliding window. A successful sign-in removes nothing: a client holding one valid
// key cannot clear the count of its failed guesses.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { SignInFailures } from '../deps';

export interface RedisSignInFailuresOptions {
  prefix: string;
  maxFailures: number;
  windowMs: number;
}

export class RedisSignInFailures implements SignInFailures {
  constructor(
    private readonly redis: Redis,
    private readonly options: RedisSignInFailuresOptions,
  ) {}

  async tooMany(address: string): Promise<boolean> {
    const since = Date.now() - this.options.windowMs;
    return (await this.redis.zcount(this.key(address), `(${since}`, '+inf')) >= this.options.maxFailures;
  }

  async record(address: string): Promise<void> {
    const key = this.key(address);
    const now = Date.now();
    await this.redis
      .multi()
      .zremrangebyscore(key, '-inf', now - this.options.windowMs)
      .zadd(key, now, randomUUID())
      .pexpire(key, this.options.windowMs)
      .exec();
  }

  private key(address: string): string {
    return `${this.options.prefix}:auth-failures:${address}`;
  }
}
