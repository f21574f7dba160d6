import type { FastifyRequest } from 'fastify';

/**
 * A per-request value looked up once per request: the API key's rate limit and its account's both read the key's
 * plan maximum, and without this each looked it up.
 */
export function perRequestOnce<T>(
  value: T | ((request: FastifyRequest) => Promise<T>),
): T | ((request: FastifyRequest) => Promise<T>) {
  if (typeof value !== 'function') return value;
  const lookUp = value as (request: FastifyRequest) => Promise<T>;
  const found = new WeakMap<FastifyRequest, Promise<T>>();
  return (request) => {
    let answer = found.get(request);
    if (!answer) {
      answer = lookUp(request);
      found.set(request, answer);
    }
    return answer;
  };
}
