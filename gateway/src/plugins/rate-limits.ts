// Redis-backed rate limits with the standard RateLimit-* headers: per client IP on the sign-in,
// sign-up and reset routes (brute force), per API key on the public API (the maximum may depend on the key's plan).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export async function createLimiters(
  app: FastifyInstance,
  redis: Redis,
  limits: { authPerMinute: number; apiPerMinute: number | ((request: FastifyRequest) => Promise<number>) },
) {
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'mailwright:ratelimit:',
    enableDraftSpec: true,
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      code: 'RATE_LIMITED',
    }),
  });
  const auth = app.rateLimit({ max: limits.authPerMinute, timeWindow: 60_000, keyGenerator: (request) => `auth:${request.ip}` });
  const apiMax = limits.apiPerMinute;
  const api = app.rateLimit({
    max: typeof apiMax === 'number' ? apiMax : (request: FastifyRequest) => apiMax(request),
    timeWindow: 60_000,
    keyGenerator: (request) => `api:${request.apiKeyId ?? request.ip}`,
  });
  return { auth: auth as unknown as Limiter, api: api as unknown as Limiter };
}
