import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const module = fileURLToPath(new URL('./heap-growth.ts', import.meta.url));

/**
 * The largest heap (MB) of a fresh process that keeps 30 MB live and churns through mid-lived objects (they survive
 * a few young collections, then die in the old generation, as a worker's waiting deliveries do).
 */
function peakHeapMb(percent: number): number {
  const script = `
    import { limitHeapGrowth } from ${JSON.stringify(module)};
    limitHeapGrowth(${percent});
    const live = Array.from({ length: 150_000 }, (_, i) => ({ i, s: 'live-'.repeat(8) + i }));
    const ring = new Array(20_000);
    let peak = 0;
    for (let n = 0; n < 400_000; n += 1) {
      ring[n % ring.length] = { id: 'email-' + n, body: 'x'.repeat(200) + n, at: new Date() };
      if (n % 5_000 === 0) peak = Math.max(peak, process.memoryUsage().heapTotal);
    }
    process.stdout.write(String(Math.round(peak / 1048576) + live.length * 0));
  `;
  // Single-threaded GC: marking runs in the allocating thread's steps, so how far the heap grows does not depend on
  // how much CPU other processes leave the GC's helper threads (a loaded CI machine made the figures vary).
  const run = spawnSync(process.execPath, ['--single-threaded-gc', '--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return Number(run.stdout);
}

describe('limitHeapGrowth', () => {
  it('keeps the garbage of mid-lived objects to a fraction of the live heap', () => {
    const ownHeuristics = peakHeapMb(0);
    const limited = peakHeapMb(50);
    expect(limited).toBeLessThan(ownHeuristics * 0.75);
  }, 30_000);
});
