import type { OpenHit } from '@mailwright/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { OpenHitRelay, type RelayOptions } from './open-hit-relay';

const silent = { warn: () => {} } as unknown as FastifyBaseLogger;
const hit = (n: number): OpenHit => ({ token: `t${n}`, ip: null, userAgent: null, at: new Date(0).toISOString() });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `done` holds (timers run late on a busy machine), at most timeoutMs. */
async function until(done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await sleep(10);
}

/** A relay whose sends succeed and are recorded as lists of tokens. */
function recordingRelay(options: RelayOptions) {
  const calls: string[][] = [];
  const relay = new OpenHitRelay(async (hits) => void calls.push(hits.map((h) => h.token)), silent, options);
  return { relay, calls };
}

describe('OpenHitRelay', () => {
  it('relays the hits of one moment in one call', async () => {
    const { relay, calls } = recordingRelay({ flushMs: 10, maxPending: 100 });
    for (let n = 0; n < 5; n++) relay.push(hit(n));
    await until(() => calls.length > 0);
    expect(calls).toEqual([['t0', 't1', 't2', 't3', 't4']]);
  });

  it('keeps the hits while the mail service fails and relays them once, in order, when it answers again', async () => {
    const calls: string[][] = [];
    let failing = 2;
    const relay = new OpenHitRelay(
      async (hits) => {
        if (failing-- > 0) throw new Error('mail is down');
        calls.push(hits.map((h) => h.token));
      },
      silent,
      { flushMs: 5, maxPending: 100 },
    );
    relay.push(hit(1));
    await sleep(20);
    relay.push(hit(2));
    await until(() => calls.length > 0); // after backoffs of 200 and 400 ms
    expect(calls).toEqual([['t1', 't2']]);
  });

  it('drops hits beyond maxPending and relays what is pending on close', async () => {
    const { relay, calls } = recordingRelay({ flushMs: 60_000, maxPending: 2 });
    for (let n = 0; n < 4; n++) relay.push(hit(n));
    await relay.close();
    expect(calls).toEqual([['t0', 't1']]);
  });
});
