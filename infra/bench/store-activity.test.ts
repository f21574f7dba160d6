import { describe, expect, it } from 'vitest';
import { activityPerUnit, type StoreActivity } from './store-activity';

const at = (calls: Record<string, number>, commits: number, updated: number): StoreActivity => ({
  redisCalls: new Map(Object.entries(calls)),
  postgres: { commits, inserted: 0, updated, deleted: 0 },
});

describe('store activity per unit', () => {
  it('divides what grew by the units, counting a command first seen after the start', () => {
    const before = at({ evalsha: 100, hmget: 40, info: 7 }, 1_000, 5_000);
    const after = at({ evalsha: 250, hmget: 90, info: 8, bzpopmin: 20 }, 1_013, 5_200);
    expect(activityPerUnit(before, after, 100)).toEqual({
      redisCalls: 2.21,
      redisTopCalls: { evalsha: 1.5, hmget: 0.5, bzpopmin: 0.2, info: 0.01 },
      postgres: { commits: 0.13, inserted: 0, updated: 2, deleted: 0 },
    });
  });

  it('keeps the six most called commands and leaves out those not called', () => {
    const before = at({ a: 0, b: 0, c: 0, d: 0, e: 0, f: 0, g: 0, idle: 5 }, 0, 0);
    const after = at({ a: 7, b: 6, c: 5, d: 4, e: 3, f: 2, g: 1, idle: 5 }, 0, 0);
    expect(Object.keys(activityPerUnit(before, after, 1).redisTopCalls)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(activityPerUnit(before, after, 1).redisCalls).toBe(28);
  });
});
