// Tells every gateway that sessions or an API key stopped being valid (contracts' REVOCATIONS_CHANNEL).
// Published after the change is committed; a lost message only delays the end to the gateways' short cache lifetime.
import { REVOCATIONS_CHANNEL, type Revocation } from '@mailwright/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export class RevocationPublisher {
  constructor(
    private readonly redis: Pick<Redis, 'publish'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async publish(revocation: Revocation): Promise<void> {
    try {
      await this.redis.publish(REVOCATIONS_CHANNEL, JSON.stringify(revocation));
    } catch (error) {
      this.log.warn({ err: error, revocation }, 'could not publish a revocation; gateways see it when their cache expires');
    }
  }
}
