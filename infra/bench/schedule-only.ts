// `npx tsx infra/bench/schedule-only.ts [--count=1000] [--workers=2] [--rounds=3] [--edge] [--bundles=<dir>]`: the
// scheduling lateness phase (phases/schedule.ts) alone on its own stack, after a warm-up of each worker, for
// before/after comparisons of how late emails due the same second leave. Prints every round's lateness as JSON.
import path from 'node:path';
import { settingsFor } from './bench';
import { withBenchStack } from './bench-stack';
import { numberArg, textArg } from './cli-args';
import { measureSchedule } from './phases/schedule';
import { measureThroughput } from './phases/throughput';

const args = process.argv.slice(2);
const bundlesArg = textArg(args, 'bundles');
const { schedule } = settingsFor('default');
const count = numberArg(args, 'count', schedule.count);
const workers = numberArg(args, 'workers', 2);
const rounds = numberArg(args, 'rounds', 3);
const started = Date.now();
const log = (line: string) => process.stdout.write(`[schedule ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}\n`);

const result = await withBenchStack(
  { bundleDir: bundlesArg && path.resolve(bundlesArg), edge: args.includes('--edge') },
  log,
  async ({ ctx, logDir }) => {
    for (let added = 1; added < workers; added++) await ctx.stack.addWorker();
    await measureThroughput(ctx, { n: workers * settingsFor('default').warmupPerAddedWorker, workers, tag: 'warm' });
    const runs = [];
    for (let round = 1; round <= rounds; round++) {
      await ctx.autovacuum.catchUp();
      const run = await measureSchedule(ctx, { count, leadMs: schedule.leadMs, tag: `sched${round}` });
      log(`round ${round}: lateness p50 ${run.p50LatenessMs} ms, p99 ${run.p99LatenessMs} ms, max ${run.maxLatenessMs} ms`);
      runs.push(run);
    }
    return { runs, logDir };
  },
);
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
process.exit(0);
