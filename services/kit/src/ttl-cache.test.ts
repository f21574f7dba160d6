import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  afterEach(() => vi.useRealTimers());

  it('loads once for concurrent misses and serves the value until it expires', async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<string, number>({ ttlMs: 1_000 });
    const load = vi.fn(async () => 7);
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(await cache.get('a', load)).toBe(7);
    vi.advanceTimersByTime(2);
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not store a failed load', async () => {
    const cache = new TtlCache<string, number>({ ttlMs: 1_000 });
    await expect(cache.get('a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 3)).toBe(3);
  });

  it('drops the oldest entry past maxEntries and stores nothing with a zero ttl', () => {
    const cache = new TtlCache<string, number>({ ttlMs: 1_000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([undefined, 2, 3]);
    cache.set('d', 4, 0);
    expect(cache.peek('d')).toBeUndefined();
  });

  it('with refreshAfterMs serves an ageing entry at once and replaces it with one background load', async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<string, string>({ ttlMs: 1_000, refreshAfterMs: 500 });
    await cache.get('a', async () => 'first');
    vi.advanceTimersByTime(600);
    const load = vi.fn(async () => 'second');
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual(['first', 'first']);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(cache.peek('a')).toBe('second');
    // The refreshed entry lives from when its load started.
    vi.advanceTimersByTime(999);
    expect(cache.peek('a')).toBe('second');
    vi.advanceTimersByTime(2);
    expect(cache.peek('a')).toBeUndefined();
  });

  it('refresh() loads whatever is cached, and an older answer never overwrites a newer one', async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<string, string>({ ttlMs: 60_000 });
    let finishSlow: (value: string) => void = () => {};
    const slow = cache.get('a', () => new Promise<string>((resolve) => (finishSlow = resolve)));
    vi.advanceTimersByTime(10);
    expect(await cache.refresh('a', async () => 'newer')).toBe('newer');
    finishSlow('older');
    expect(await slow).toBe('older');
    expect(cache.peek('a')).toBe('newer');
  });

  it('does not store a load that was running when its key was deleted; the next read asks again', async () => {
    const cache = new TtlCache<string, string>({ ttlMs: 60_000 });
    let finish: (value: string) => void = () => {};
    const running = cache.get('a', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.delete('a');
    const load = vi.fn(async () => 'after delete');
    expect(await cache.get('a', load)).toBe('after delete');
    finish('before delete');
    expect(await running).toBe('before delete');
    expect(cache.peek('a')).toBe('after delete');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
