import { describe, expect, it } from 'vitest';
import { KeyedGate } from './keyed-gate';

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
});
