// A Lua script sent by its SHA1 (EVALSHA) and only sent whole when Redis does not have it yet (NOSCRIPT: a
// restarted or flushed server), so a per-email script costs its arguments on the wire, not its text.
import { createHash } from 'node:crypto';
import { withTimeout } from '@mailwright/kit';
import type { Redis } from 'ioredis';

export class RedisScript {
  private readonly sha: string;

  constructor(private readonly text: string) {
    this.sha = createHash('sha1').update(text).digest('hex');
  }

  async run(redis: Redis, keys: string[], args: string[], timeoutMs: number): Promise<unknown> {
    try {
      return await withTimeout(redis.evalsha(this.sha, keys.length, ...keys, ...args), timeoutMs);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return withTimeout(redis.eval(this.text, keys.length, ...keys, ...args), timeoutMs);
    }
  }
}
