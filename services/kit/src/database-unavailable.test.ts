import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection wrapped by drizzle', () => {
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))),
    ).toBe(true);
  });

  it('recognises server shutdown and start-up SQLSTATEs and cut connections', () => {
    expect(
      isDatabaseUnavailable(wrapped({ code: '57P01', message: 'terminating connection due to administrator command' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '57P03', message: 'the database system is starting up' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('leaves query errors alone', () => {
    expect(isDatabaseUnavailable(wrapped({ code: '23505', message: 'duplicate key value' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
