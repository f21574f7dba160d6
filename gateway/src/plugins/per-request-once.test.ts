import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { perRequestOnce } from './per-request-once';

describe('perRequestOnce', () => {
  it('looks a value up once per request, and again for another request', async () => {
    let lookups = 0;
    const maxFor = perRequestOnce(async () => ++lookups * 10) as (request: FastifyRequest) => Promise<number>;
    const first = {} as FastifyRequest;
    const second = {} as FastifyRequest;
    expect([await maxFor(first), await maxFor(first), await maxFor(second), await maxFor(first)]).toEqual([10, 10, 20, 10]);
    expect(lookups).toBe(2);
  });

  it('passes a fixed value through', () => {
    expect(perRequestOnce(60)).toBe(60);
  });
});
