import { describe, expect, it } from 'vitest';
import { StartWindow, type Turn } from './start-window';

type Started = Extract<Turn, { kind: 'start' }>;

function started(turn: Turn | Promise<Turn>): Started {
  if (turn instanceof Promise || turn.kind !== 'start') throw new Error('expected the job to start at once');
  return turn;
}

/** A turn's answer so far: undefined while the job still waits. */
function watch(turn: Turn | Promise<Turn>): { answer?: Turn } {
  const seen: { answer?: Turn } = {};
  void Promise.resolve(turn).then((answer) => {
    seen.answer = answer;
  });
  return seen;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('StartWindow', () => {
  it('starts jobs while the account’s window has room, then one as each has emails finish', async () => {
    const window = new StartWindow(200);
    const first = started(window.turn('a', 100));
    started(window.turn('a', 100));
    const third = watch(window.turn('a', 100));
    await settle();
    expect(third.answer).toBeUndefined();
    expect(window.waiting).toBe(1);
    for (let i = 0; i < 99; i += 1) first.emailDone();
    await settle();
    expect(third.answer).toBeUndefined(); // 101 still started: no room for 100 more
    first.emailDone();
    await settle();
    expect(third.answer?.kind).toBe('start');
    expect(window.waiting).toBe(0);
  });

  it('keeps each account to its own window, and starts a job larger than the window when none is started', () => {
    const window = new StartWindow(200);
    started(window.turn('a', 200));
    started(window.turn('b', 200));
    const big = new StartWindow(50);
    started(big.turn('a', 100));
  });

  it('lets a closed job’s unfinished emails go, once', async () => {
    const window = new StartWindow(100);
    const first = started(window.turn('a', 100));
    const second = watch(window.turn('a', 100));
    first.emailDone();
    first.close();
    first.close();
    first.emailDone();
    await settle();
    const next = second.answer as Started;
    expect(next.kind).toBe('start');
    const third = watch(window.turn('a', 1)); // the second job holds the whole window
    await settle();
    expect(third.answer).toBeUndefined();
  });

  it('starts waiting jobs in the order they came', async () => {
    const window = new StartWindow(100);
    const first = started(window.turn('a', 100));
    const order: string[] = [];
    for (const name of ['x', 'y']) void Promise.resolve(window.turn('a', 100)).then(() => order.push(name));
    first.close();
    await settle();
    expect(order).toEqual(['x']);
  });

  it('gives back every job still waiting, and none that started', async () => {
    const window = new StartWindow(100);
    const running = started(window.turn('a', 100));
    const waitingA = watch(window.turn('a', 50));
    started(window.turn('b', 100));
    const waitingB = watch(window.turn('b', 100));
    expect(window.giveBack()).toBe(2);
    await settle();
    expect(waitingA.answer).toEqual({ kind: 'give-back' });
    expect(waitingB.answer).toEqual({ kind: 'give-back' });
    expect(window.waiting).toBe(0);
    running.close();
    expect(window.giveBack()).toBe(0);
    started(window.turn('a', 100));
  });

  it('gives back at most as many as asked, the jobs that would start last first', async () => {
    const window = new StartWindow(100);
    started(window.turn('a', 100));
    const first = watch(window.turn('a', 100));
    const second = watch(window.turn('a', 100));
    started(window.turn('b', 100));
    const third = watch(window.turn('b', 100));
    expect(window.giveBack(2)).toBe(2);
    await settle();
    expect(second.answer).toEqual({ kind: 'give-back' }); // the back of the longest line
    expect(first.answer).toEqual({ kind: 'give-back' }); // then the longer line's back again (a tie: the first)
    expect(third.answer).toBeUndefined();
    expect(window.waiting).toBe(1);
  });
});
