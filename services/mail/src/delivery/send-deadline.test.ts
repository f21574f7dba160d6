import { describe, expect, it } from 'vitest';
import { SendDeadline } from './send-deadline';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a send deadline', () => {
  it('calls each listener still waiting once when it passes, and says it has passed', async () => {
    const deadline = new SendDeadline(20);
    const calls: string[] = [];
    deadline.onExpiry(() => calls.push('kept'));
    const removed = deadline.onExpiry(() => calls.push('removed'));
    removed();
    expect(deadline.expired).toBe(false);
    await sleep(60);
    expect(deadline.expired).toBe(true);
    expect(calls).toEqual(['kept']);
  });

  it('never passes once cleared (the send finished first)', async () => {
    const deadline = new SendDeadline(20);
    const calls: string[] = [];
    deadline.onExpiry(() => calls.push('late'));
    deadline.clear();
    await sleep(60);
    expect(deadline.expired).toBe(false);
    expect(calls).toEqual([]);
  });
});
