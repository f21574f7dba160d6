// At most `limit` deliveries per key (one sender account, one tenant) at once in this process. A delivery beyond
// the limit waits in its key's line, holding no worker slot. When a key's deliveries stop finishing for stallMs
// (a server that accepts connections and then trickles its replies), its line is stalled: the deliveries waiting
// in it, and those arriving, are answered `null` ("yield": hand the email back to the queue for later) instead of
// waiting behind a server that does not move. A healthy account finishes a delivery every few milliseconds, so
// its line only ever waits.
//
// A quiet key is only judged while this process had the time to hear from it. A worker whose own event loop is
// saturated (a CPU-starved container, a burst of claims) finishes nothing for a while either, and its replies
// wait on it, not on the server; taking that for a stall made every waiting delivery yield at once, and each
// yield (a held record, a job of its own) cost more of the CPU it lacked: a capped worker with 10,000 emails in
// its lines fell to a quarter of its rate. A quiet window in which the loop was mostly busy is set aside, unless
// another key finished a delivery in it: then the loop did hear back from servers, just not from this one (a
// worker kept busy by healthy tenants must still see a tarpit among them).
import { type EventLoopUtilization, performance } from 'node:perf_hooks';

/** A quiet window in which the event loop ran at least this share of the time tells nothing about the server. */
const LOOP_SATURATED = 0.5;

/** The event loop's utilization, since an earlier reading when given one (perf_hooks' eventLoopUtilization). */
export type LoopUtilization = (since?: EventLoopUtilization) => EventLoopUtilization;

export interface GatePass {
  /** Ends the delivery: frees its place for the next in line (call once). */
  leave(): void;
}

interface KeyState {
  active: number;
  waiting: Array<(pass: GatePass | null) => void>;
  /**
   * When the key's quiet window began: its last finished delivery, when it became busy, or when a window was set
   * aside because this process's own loop was saturated through it.
   */
  quietSince: number;
  /** The event loop's reading at quietSince. */
  loopAtQuietStart: EventLoopUtilization;
  stallTimer: NodeJS.Timeout | null;
}

export class KeyedGate {
  private readonly keys = new Map<string, KeyState>();
  /** When any key last finished a delivery. */
  private lastProgressAt = 0;

  constructor(
    private readonly stallMs: number,
    private readonly loopUtilization: LoopUtilization = (since) => performance.eventLoopUtilization(since),
  ) {}

  /** A pass once the key is under its limit, or null when the key's line is stalled (yield). */
  enter(key: string, limit: number): Promise<GatePass | null> {
    let state = this.keys.get(key);
    if (!state) {
      state = { active: 0, waiting: [], quietSince: Date.now(), loopAtQuietStart: this.loopUtilization(), stallTimer: null };
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

  /**
   * Quiet for stallMs while the loop had time to hear from the key, or while other keys were heard from; a window
   * the saturated loop spent on no one's replies is set aside (restarted).
   */
  private isStalled(state: KeyState): boolean {
    const now = Date.now();
    if (now - state.quietSince < this.stallMs) return false;
    if (this.lastProgressAt > state.quietSince) return true;
    if (this.loopUtilization(state.loopAtQuietStart).utilization < LOOP_SATURATED) return true;
    this.startQuietWindow(state, now);
    return false;
  }

  private startQuietWindow(state: KeyState, now: number): void {
    state.quietSince = now;
    state.loopAtQuietStart = this.loopUtilization();
  }

  private passFor(key: string, state: KeyState): GatePass {
    let left = false;
    return {
      leave: () => {
        if (left) return;
        left = true;
        const now = Date.now();
        this.startQuietWindow(state, now);
        this.lastProgressAt = now;
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
    const untilJudged = () => Math.max(0, this.stallMs - (Date.now() - state.quietSince));
    const check = () => {
      state.stallTimer = null;
      if (state.waiting.length === 0) return;
      if (this.isStalled(state)) {
        for (const waiter of state.waiting.splice(0)) waiter(null);
        return;
      }
      state.stallTimer = setTimeout(check, untilJudged());
    };
    state.stallTimer = setTimeout(check, untilJudged());
  }

  private forget(key: string, state: KeyState): void {
    if (state.stallTimer) clearTimeout(state.stallTimer);
    if (this.keys.get(key) === state) this.keys.delete(key);
  }
}
