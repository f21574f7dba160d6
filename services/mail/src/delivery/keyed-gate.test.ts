import type { EventLoopUtilization } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { KeyedGate, type LoopUtilization } from './keyed-gate';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('KeyedGate', () => {
  it('admits up to the limit per key, lets the next in line in when one leaves, and keys do not share limits', async () => {
    const gate = new KeyedGate(10_000);
    const first = await gate.enter('a', 2);
    const second = await gate.enter('a', 2);
    expect(first && second).toBeTruthy();
    expect(await gate.enter('b', 2)).not.toBeNull();
    let third: unknown;
    void gate.enter('a', 2).then((pass) => {
      third = pass;
    });
    await tick();
    expect(third).toBeUndefined();
    first?.leave();
    await tick();
    expect(third).toBeTruthy();
    expect(gate.activeFor('a')).toBe(2);
  });

  it('makes the waiting line yield once no delivery of the key has finished for stallMs, and new arrivals at once', async () => {
    const gate = new KeyedGate(150);
    const stuck = await gate.enter('tarpit', 1);
    const started = Date.now();
    const waiting = await gate.enter('tarpit', 1);
    expect(waiting).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(await gate.enter('tarpit', 1)).toBeNull();
    // Once the stuck delivery ends (its deadline), the key moves again.
    stuck?.leave();
    expect(await gate.enter('tarpit', 1)).not.toBeNull();
  });

  it('keeps a moving line waiting however long it is', async () => {
    const gate = new KeyedGate(100);
    // 40 deliveries of 20 ms each through 2 places: 400 ms in all, far past stallMs, but each finishes within it.
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const pass = await gate.enter('busy', 2);
        if (!pass) return 'yielded';
        await new Promise((resolve) => setTimeout(resolve, 20));
        pass.leave();
        return 'delivered';
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'delivered')).toHaveLength(40);
  });

  it('does not take a quiet spell of its own saturated event loop for a stalled server', async () => {
    // The loop's reading over any window: 90% busy (a CPU-starved worker), then 10% once `busy` is cleared.
    let busy = true;
    const loop: LoopUtilization = (since?: EventLoopUtilization) => ({
      idle: 0,
      active: 0,
      utilization: since === undefined ? 0 : busy ? 0.9 : 0.1,
    });
    const gate = new KeyedGate(100, loop);
    await gate.enter('starved', 1);
    let outcome: unknown = 'waiting';
    void gate.enter('starved', 1).then((pass) => {
      outcome = pass;
    });
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(outcome).toBe('waiting');
    // A new arrival in that spell waits too rather than yielding at once.
    let arrival: unknown = 'waiting';
    void gate.enter('starved', 1).then((pass) => {
      arrival = pass;
    });
    await tick();
    expect(arrival).toBe('waiting');
    // Once the loop has had time to spare and the key still has not moved, it is stalled: the line yields.
    busy = false;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(outcome).toBeNull();
    expect(arrival).toBeNull();
  });

  it('still finds a stalled key in a saturated loop while other keys are heard from', async () => {
    const loop: LoopUtilization = (since?: EventLoopUtilization) => ({ idle: 0, active: 0, utilization: since ? 0.9 : 0 });
    const gate = new KeyedGate(100, loop);
    await gate.enter('tarpit', 1);
    let outcome: unknown = 'waiting';
    void gate.enter('tarpit', 1).then((pass) => {
      outcome = pass;
    });
    // A healthy tenant's deliveries keep finishing while the tarpit's line does not move.
    const healthy = setInterval(() => {
      void gate.enter('healthy', 1).then((pass) => pass?.leave());
    }, 20);
    try {
      await new Promise((resolve) => setTimeout(resolve, 250));
    } finally {
      clearInterval(healthy);
    }
    expect(outcome).toBeNull();
  });
});
