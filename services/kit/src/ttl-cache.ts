// A small read-through cache: answers live for ttlMs, concurrent misses for one key share one load,
// and the oldest entries go first once maxEntries is reached.
export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries?: number;
}

export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();
  private readonly inFlight = new Map<K, Promise<V>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(options: TtlCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  /** The cached value, or undefined when it is missing or expired. */
  peek(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt > Date.now()) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  /** The cached value, else the one `load` gives (stored unless it throws; one load per key at a time). */
  async get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = load(key)
        .then((value) => this.set(key, value))
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  set(key: K, value: V, ttlMs = this.ttlMs): V {
    if (ttlMs <= 0) return value;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
