import { describe, expect, it } from 'vitest';
import { withTimeout } from './with-timeout';

describe('withTimeout', () => {
  it('answers what the promise answers when it settles in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 50)).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error('boom')), 50)).rejects.toThrow('boom');
  });

  it('rejects naming the operation when the promise takes too long', async () => {
    const never = new Promise<never>(() => {});
    await expect(withTimeout(never, 10, 'redis ping')).rejects.toThrow('redis ping did not finish within 10 ms');
  });
});
