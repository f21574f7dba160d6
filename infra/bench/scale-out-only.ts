// `npx tsx infra/bench/scale-out-only.ts [--n=3000] [--worker-cpu=0.2] [--no-limit-check]`: the scale-out phase
// alone (phases/scale-out.ts) on its own stack, for a machine too busy for the whole benchmark; prints its figures
// as JSON. The capped workers' ratios hold on a loaded machine (each worker gets its quota, see README).
import { withBenchStack } from './bench-stack';
import { measureScaleOut } from './phases/scale-out';

const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number) => {
  const found = args.find((arg) => arg.startsWith(`--${name}=`));
  return found ? Number(found.slice(name.length + 3)) : fallback;
};
const n = numberArg('n', 3_000);
const started = Date.now();
const log = (line: string) => process.stdout.write(`[scale-out ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}\n`);

const result = await withBenchStack({}, log, ({ ctx, redis }) =>
  measureScaleOut(ctx, redis, {
    n,
    cpuPerWorker: numberArg('worker-cpu', 0.2),
    workerCounts: [1, 2, 4],
    leadMs: Math.max(10_000, n * 5),
    limitCheck: args.includes('--no-limit-check') ? null : { n: 300, perMinute: 150 },
  }),
);
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
process.exit(0);
