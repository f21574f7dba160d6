// /healthz and /readyz: ready while Redis (rate limits, revocations) and identity (every caller check) answer.
import { installHealth } from '@mailwright/kit';
import type { FastifyInstance } from 'fastify';
import type { GatewayDeps } from '../deps';

export function installGatewayHealth(app: FastifyInstance, { config, redis }: Pick<GatewayDeps, 'config' | 'redis'>): void {
  installHealth(app, {
    redis: () => redis.ping(),
    identity: async () => {
      const response = await fetch(`${config.IDENTITY_URL}/healthz`, { signal: AbortSignal.timeout(1500) });
      if (!response.ok) throw new Error(`identity answered ${response.status}`);
    },
  });
}
