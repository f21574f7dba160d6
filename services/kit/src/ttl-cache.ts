// A small read-through cache: answers live for ttlMs from when they were asked for, concurrent misses for one key
// share one load, and the oldest entries go first once maxEntries is reached. With refreshAfterMs an entry past that
// age is still served while one background load replaces it, so steady traffic never waits on the source. An answer
// never overwrites a newer one, and a load that was running when a key was deleted or the cache cleared is returned
// but not stored (one counter for the whole cache: deletes are rare), so the next read asks again.
export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  /** Age after which a read is served from the cache and also starts a background refresh (below ttlMs). */
  refreshAfterMs?: number;
}

interface Entry<V> {
  value: V;
  /** When the load that gave this value started (or when it was set). */
  loadedAt: number;
  expiresAt: number;
}

export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly inFlight = new Map<K, Promise<V>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly refreshAfterMs: number;
  /** Bumped by delete() and clear(): a load started before is not stored. */
  private generation = 0;

  constructor(options: TtlCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.refreshAfterMs = options.refreshAfterMs ?? Number.POSITIVE_INFINITY;
  }

  /** The cached value, or undefined when it is missing or expired. */
  peek(key: K): V | undefined {
    return this.live(key, Date.now())?.value;
  }

  /**
   * The cached value, else the one `load` gives (stored unless it throws; one load per key at a time). `load` is
   * the caller's: a shared or background load runs the first caller's.
   */
  async get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.live(key, now);
    if (!hit) return this.shared(key, load);
    if (now - hit.loadedAt >= this.refreshAfterMs && !this.inFlight.has(key)) this.shared(key, load).catch(() => {});
    return hit.value;
  }

  /** Loads now, whatever is cached (a read that must be current), and stores the answer for later reads. */
  refresh(key: K, load: (key: K) => Promise<V>): Promise<V> {
    return this.load(key, load);
  }

  /** Stores `value` whatever is cached (a load running meanwhile will not overwrite it). */
  set(key: K, value: V, ttlMs = this.ttlMs): V {
    this.store(key, value, Date.now(), ttlMs, true);
    return value;
  }

  delete(key: K): void {
    this.generation += 1;
    this.entries.delete(key);
    this.inFlight.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private live(key: K, now: number): Entry<V> | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.expiresAt > now) return hit;
    this.entries.delete(key);
    return undefined;
  }

  private shared(key: K, load: (key: K) => Promise<V>): Promise<V> {
    let pending = this.inFlight.get(key);
    if (!pending) {
      const started = this.load(key, load).finally(() => {
        if (this.inFlight.get(key) === started) this.inFlight.delete(key);
      });
      pending = started;
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async load(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const loadedAt = Date.now();
    const generation = this.generation;
    const value = await load(key);
    if (generation === this.generation) this.store(key, value, loadedAt, this.ttlMs);
    return value;
  }

  private store(key: K, value: V, loadedAt: number, ttlMs: number, overwrite = false): void {
    if (ttlMs <= 0) return;
    const current = this.entries.get(key);
    if (current && current.loadedAt > loadedAt && !overwrite) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, loadedAt, expiresAt: loadedAt + ttlMs });
  }
}
