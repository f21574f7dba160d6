// Lets something happen once per subject per window (e.g. one "someone tried to sign up" notice an hour), so a
// request anyone can repeat cannot be turned into a flood of mail to one person. Redis unreachable: allowed.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export class OncePerWindow {
  constructor(
    private readonly redis: Pick<Redis, 'set'>,
    private readonly settings: { name: string; windowSeconds: number },
    private readonly log: FastifyBaseLogger,
  ) {}

  /** True for the first claim of `subject` in the window, false for the others. */
  async claim(subject: string): Promise<boolean> {
    try {
      const key = `${this.settings.name}:${subject}`;
      return (await this.redis.set(key, '1', 'EX', this.settings.windowSeconds, 'NX')) === 'OK';
    } catch (error) {
      this.log.warn({ err: error }, `could not check ${this.settings.name}; allowing`);
      return true;
    }
  }
}
