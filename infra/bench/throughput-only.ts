// `npx tsx infra/bench/throughput-only.ts [--n=10000] [--workers=2] [--rounds=2] [--warmup=5000] [--edge]
// [--profile] [--bundles=<dir>]`:
// the delivery throughput phase alone (phases/throughput.ts) on its own stack, after a warm-up of each worker, for
// before/after comparisons of the CPU per delivered email (`cpu.platformMsPerEmail` comes from this phase with 2
// workers). Each round sends N emails; prints every round's rate and CPU per email per process as JSON.
// --edge puts nginx in front of the gateway, as the whole bench's `--edge` does; --profile writes each process's V8
// CPU profile (its whole life) under `<logDir>/profiles`; --warmup sets the emails per worker delivered unmeasured
// first (the whole bench's 5,000 by default).
import path from 'node:path';
import { settingsFor } from './bench';
import { withBenchStack } from './bench-stack';
import { numberArg, textArg } from './cli-args';
import { measureThroughput } from './phases/throughput';

const args = process.argv.slice(2);
const bundlesArg = textArg(args, 'bundles');
const n = numberArg(args, 'n', 10_000);
const workers = numberArg(args, 'workers', 2);
const rounds = numberArg(args, 'rounds', 2);
const warmupPerWorker = numberArg(args, 'warmup', settingsFor('default').warmupPerAddedWorker);
const started = Date.now();
const log = (line: string) => process.stdout.write(`[throughput ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}\n`);

const result = await withBenchStack(
  { bundleDir: bundlesArg && path.resolve(bundlesArg), profile: args.includes('--profile'), edge: args.includes('--edge') },
  log,
  async ({ ctx, logDir }) => {
    for (let added = 1; added < workers; added++) await ctx.stack.addWorker();
    // As the whole bench warms its added worker: most of every worker's code is compiled before anything is measured
    // (functions called once per batch tier up later: bench README, round 39).
    const warmup = workers * warmupPerWorker;
    log(`warm-up: ${warmup} emails, ${workers} worker(s)`);
    await measureThroughput(ctx, { n: warmup, workers, tag: 'warm' });
    const runs = [];
    for (let round = 1; round <= rounds; round++) {
      await ctx.autovacuum.catchUp();
      const run = await measureThroughput(ctx, { n, workers, tag: `tput${round}` });
      log(`round ${round}: ${run.emailsPerSecond} emails/s, ${run.cpuMsPerEmail['platform total']} platform CPU ms/email`);
      runs.push(run);
    }
    return { runs, logDir };
  },
);
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
process.exit(0);
