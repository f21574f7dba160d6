// `npx tsx infra/bench/scale-out-only.ts [--n=3000 (emails a run)] [--worker-cpu=0.1] [--platform-rate=<emails/s>] [--workers=1,2,4]
// [--warmup=5000] [--capped-warmup=2000] [--no-limit-check] [--store-activity] [--profile] [--bundled | --bundles=<dir>]`: the scale-out phase alone (phases/scale-out.ts) on its own stack, for a machine too busy for the whole benchmark; prints its
// figures as JSON, with every process's peak RSS over the phase (each run's capped workers' peaks are in its run).
// --platform-rate (the whole bench's 2-worker throughput) fits the quota to it as the whole bench does (QuotaFit).
// The capped workers' ratios hold on a loaded machine (each worker gets its quota, see README). --bundled runs
// every process from its production bundle, as `npm run bench -- --bundled` does, built into a folder of its own
// (test-artifacts/bench-bundles-scale-out) so that a whole bench running meanwhile keeps its bundles; --bundles=<dir>
// runs bundles built before (infra/docker/bundle.ts --out <dir>), e.g. to compare two builds side by side.
// --store-activity adds each run's Redis commands and Postgres transactions and row writes per email (store-activity.ts;
// every run then waits 11 s before and after its drain, for Postgres's counters).
// --profile writes each process's V8 CPU profile (its whole life) under `<logDir>/profiles` (logDir is in the output).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { rootDir } from './bench';
import { withBenchStack } from './bench-stack';
import { numberArg, textArg } from './cli-args';
import { memoryWindow, redisPid } from './memory';
import { measureScaleOut } from './phases/scale-out';

const args = process.argv.slice(2);
const n = numberArg(args, 'n', 3_000);
const started = Date.now();
const log = (line: string) => process.stdout.write(`[scale-out ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}\n`);

const workerCounts = (textArg(args, 'workers') ?? '1,2,4').split(',').map(Number);
let bundleDir = textArg(args, 'bundles') && path.resolve(textArg(args, 'bundles') as string);
if (!bundleDir && args.includes('--bundled')) {
  bundleDir = path.join(rootDir, 'test-artifacts', 'bench-bundles-scale-out');
  log(`building the production bundles into ${path.relative(rootDir, bundleDir)}`);
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'infra/docker/bundle.ts', '--out', bundleDir], {
    cwd: rootDir,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`building the bundles failed (exit ${built.status})`);
}

const result = await withBenchStack({ bundleDir, profile: args.includes('--profile') }, log, async ({ ctx, redis, logDir }) => {
  const readMemory = memoryWindow(ctx.stack, await redisPid(redis));
  const scaleOut = await measureScaleOut(ctx, redis, {
    n,
    cpuPerWorker: numberArg(args, 'worker-cpu', 0.1),
    workerCounts,
    warmupPerWorker: numberArg(args, 'warmup', 5_000),
    cappedWarmupPerWorker: numberArg(args, 'capped-warmup', 2_000),
    leadMs: Math.max(10_000, n * 5),
    limitCheck: args.includes('--no-limit-check') ? null : { n: 300, perMinute: 150 },
    platformRate: numberArg(args, 'platform-rate', 0) || undefined,
    storeActivity: args.includes('--store-activity'),
  });
  return { ...scaleOut, memory: readMemory(), logDir };
});
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
process.exit(0);
