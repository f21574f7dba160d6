// The public API's rate limits per API key and per account across its keys, with the standard RateLimit-* headers,
// counted in Redis under one namespace by whoever holds the request: the gateway for what it proxies
// (gateway/src/plugins/rate-limits.ts), the mail service for what the edge's data path forwarded to it straight
// (caller-rate-limits.ts). Both count under the same keys, so a key's requests on either path share one allowance.
//
// The two API-key limits are counted here on the leased store itself, not through @fastify/rate-limit (which the
// gateway keeps for its sign-in and password limits): the plugin's handler made about fifteen promises per request
// (issue 25, round 41; warm, the limits cost 15% fewer instructions here: bench README, round 42). Here a busy key's
// request is counted from its lease without a promise; the answers and headers are the plugin's (draft-spec
// RateLimit-*).
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './errors';
import { type Counted, LeasedRateLimitStore } from './leased-rate-limit-store';

/** Throws (or rejects with) the 429 AppError when the request is over the limit; returns at once when it could. */
export type Limiter = (request: FastifyRequest, reply: FastifyReply) => void | Promise<void>;

/** Where an installation's counts live in Redis. */
export const rateLimitNamespace = (queuePrefix: string) => `${queuePrefix}:ratelimit:`;

/** The leased store of an app's counts, closed with the app. */
export function rateLimitStore(app: FastifyInstance, redis: Redis, namespace: string): LeasedRateLimitStore {
  const store = new LeasedRateLimitStore(redis, namespace);
  app.addHook('onClose', async () => store.close());
  return store;
}

/**
 * Registers @fastify/rate-limit (no global limit: each caller of `app.rateLimit` picks its routes) on the leased
 * store, with the platform's 429 answer.
 */
export async function registerRateLimits(app: FastifyInstance, store: LeasedRateLimitStore): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // A class the plugin instantiates; every instance is this one store.
    store: function SharedStore() {
      return store;
    } as unknown as FastifyRateLimitStoreCtor,
    enableDraftSpec: true,
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      code: 'RATE_LIMITED',
    }),
  });
}

export interface ApiKeyLimits {
  /** The key's requests per minute. */
  perMinute: number | ((request: FastifyRequest) => number | Promise<number>);
  /** Its account's keys' requests per minute together. */
  accountPerMinute: (request: FastifyRequest) => number | Promise<number>;
  apiKeyId: (request: FastifyRequest) => string | undefined;
  accountId: (request: FastifyRequest) => string | undefined;
}

const WINDOW_MS = 60_000;

/** A request counted against a limit: the count with it, the time left in the window; null when Redis failed. */
type Counting = Counted | null | Promise<Counted | null>;

/** Counts one request under `key`, from the lease when it can; a Redis failure lets the request through. */
function countRequest(store: LeasedRateLimitStore, key: string, max: number): Counting {
  return store.countNow(key, max) ?? store.count(key, WINDOW_MS, max).catch(() => null);
}

/** The value, or the promise's value once it settles, passed to `then`: no promise is made for a plain value. */
function after<T, R>(value: T | Promise<T>, then: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(then) : then(value);
}

/** The key's limit: its RateLimit-* headers on every answer, a 429 with Retry-After once over it. */
function keyLimitAnswer(reply: FastifyReply, max: number, counted: Counted | null): void {
  const current = counted?.current ?? 0;
  const resetSeconds = Math.ceil((counted?.ttl ?? 0) / 1000);
  reply.header('ratelimit-limit', max);
  reply.header('ratelimit-remaining', current > max ? 0 : max - current);
  reply.header('ratelimit-reset', resetSeconds);
  if (current <= max) return;
  reply.header('retry-after', resetSeconds);
  throw new AppError('RATE_LIMITED', `Too many requests. Try again in ${resetSeconds} seconds.`);
}

/** The account's limit: nothing while under it (the headers stay the key's), its own headers and 429 once over. */
function accountLimitAnswer(reply: FastifyReply, max: number, counted: Counted | null): void {
  if (!counted || counted.current <= max) return;
  const resetSeconds = Math.ceil(counted.ttl / 1000);
  reply.header('ratelimit-limit', max);
  reply.header('ratelimit-remaining', 0);
  reply.header('ratelimit-reset', resetSeconds);
  reply.header('retry-after', resetSeconds);
  throw new AppError(
    'RATE_LIMITED',
    `Too many requests from this account's API keys together. Try again in ${resetSeconds} seconds.`,
  );
}

/**
 * The per-key limiter and, after it, the account's, counted on `store`. Each returns at once (nothing to await)
 * when the request was counted from a lease, and throws the 429 AppError when it is over its limit.
 */
export function apiKeyLimiters(store: LeasedRateLimitStore, limits: ApiKeyLimits): { api: Limiter; apiAccount: Limiter } {
  const { perMinute } = limits;
  const api: Limiter = (request, reply) =>
    after(typeof perMinute === 'number' ? perMinute : perMinute(request), (max) =>
      after(countRequest(store, `api:${limits.apiKeyId(request) ?? request.ip}`, max), (counted) =>
        keyLimitAnswer(reply, max, counted),
      ),
    );
  const apiAccount: Limiter = (request, reply) =>
    after(limits.accountPerMinute(request), (max) =>
      after(countRequest(store, `api-account:${limits.accountId(request) ?? request.ip}`, max), (counted) =>
        accountLimitAnswer(reply, max, counted),
      ),
    );
  return { api, apiAccount };
}
