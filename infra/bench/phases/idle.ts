// What the platform costs doing nothing: each process's CPU over a quiet spell (after the warm-up, before any
// phase), in ms of CPU per second. Timers, pollers and metrics sampling show up here, and in every per-request
// figure at a low rate (at 500 requests a second, 5 ms/s in a process is 0.01 ms per request).
import type { BenchContext } from '../context';
import { cpuPerUnit, cpuSnapshot } from '../cpu-usage';

export async function measureIdle(ctx: BenchContext, options: { durationMs: number }): Promise<Record<string, number>> {
  const before = cpuSnapshot(ctx.stack);
  await new Promise((resolve) => setTimeout(resolve, options.durationMs));
  const after = cpuSnapshot(ctx.stack);
  return cpuPerUnit(before, after, options.durationMs / 1000);
}
