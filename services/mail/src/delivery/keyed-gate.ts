// At most `limit` deliveries per key (one sender account, one tenant) at once in this process. A delivery beyond
// the limit waits in its key's line, holding no worker slot. When a key's deliveries stop finishing for stallMs
// (a server that accepts connections and then trickles its replies), its line is stalled: the deliveries waiting
// in it, and those arriving, are answered `null` ("yield": hand the email back to the queue for later) instead of
// waiting behind a server that does not move. A healthy account finishes a delivery every few milliseconds, so
// its line only ever waits.
export interface GatePass {
  /** Ends the delivery: frees its place for the next in line (call once). */
  leave(): void;
}

interface KeyState {
  active: number;
  waiting: Array<(pass: GatePass | null) => void>;
  /** When a delivery of this key last finished, or when the key became busy. */
  lastProgressAt: number;
  stallTimer: NodeJS.Timeout | null;
}

export class KeyedGate {
  private readonly keys = new Map<string, KeyState>();

  constructor(private readonly stallMs: number) {}

  /** A pass once the key is under its limit, or null when the key's line is stalled (yield). */
  enter(key: string, limit: number): Promise<GatePass | null> {
    let state = this.keys.get(key);
    if (!state) {
      state = { active: 0, waiting: [], lastProgressAt: Date.now(), stallTimer: null };
      this.keys.set(key, state);
    }
    if (state.active < limit) {
      state.active += 1;
      return Promise.resolve(this.passFor(key, state));
    }
    if (this.isStalled(state)) return Promise.resolve(null);
    const keyState = state;
    const admitted = new Promise<GatePass | null>((resolve) => keyState.waiting.push(resolve));
    this.watchForStall(state);
    return admitted;
  }

  /** Deliveries of `key` in progress (metrics, tests). */
  activeFor(key: string): number {
    return this.keys.get(key)?.active ?? 0;
  }

  private isStalled(state: KeyState): boolean {
    return Date.now() - state.lastProgressAt >= this.stallMs;
  }

  private passFor(key: string, state: KeyState): GatePass {
    let left = false;
    return {
      leave: () => {
        if (left) return;
        left = true;
        state.lastProgressAt = Date.now();
        const next = state.waiting.shift();
        if (next) {
          next(this.passFor(key, state));
          return;
        }
        state.active -= 1;
        if (state.active === 0) this.forget(key, state);
      },
    };
  }

  /** While deliveries wait, checks whether the line still moves; if not, every waiting delivery yields. */
  private watchForStall(state: KeyState): void {
    if (state.stallTimer) return;
    const check = () => {
      state.stallTimer = null;
      if (state.waiting.length === 0) return;
      const quietFor = Date.now() - state.lastProgressAt;
      if (quietFor >= this.stallMs) {
        for (const waiter of state.waiting.splice(0)) waiter(null);
        return;
      }
      state.stallTimer = setTimeout(check, this.stallMs - quietFor);
    };
    state.stallTimer = setTimeout(check, Math.max(0, this.stallMs - (Date.now() - state.lastProgressAt)));
  }

  private forget(key: string, state: KeyState): void {
    if (state.stallTimer) clearTimeout(state.stallTimer);
    if (this.keys.get(key) === state) this.keys.delete(key);
  }
}
