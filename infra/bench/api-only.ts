// `npx tsx infra/bench/api-only.ts [--rate=500] [--seconds=20] [--workers=2] [--rounds=2] [--edge] [--profile]
// [--bundles=<dir>]`: the send API latency phase through the gateway (phases/api-latency.ts) alone on its own stack,
// after the whole bench's warm-up at the same rate (10 s), for before/after comparisons of the CPU per accepted request
// (`cpu.platformMsPerApiRequest` comes from this phase at 500/s). Prints every round's p50/p99 and CPU per request per
// process as JSON. --profile writes each process's V8 CPU profile (its whole life) under `<logDir>/profiles`.
import path from 'node:path';
import { settingsFor } from './bench';
import { withBenchStack } from './bench-stack';
import { numberArg, textArg } from './cli-args';
import { measureGatewayLatency, waitForDeliveries } from './phases/api-latency';

const args = process.argv.slice(2);
const bundlesArg = textArg(args, 'bundles');
const ratePerSecond = numberArg(args, 'rate', 500);
const durationMs = numberArg(args, 'seconds', 20) * 1000;
const workers = numberArg(args, 'workers', 2);
const rounds = numberArg(args, 'rounds', 2);
/** The whole bench's unmeasured warm-up at the same rate. */
const warmupMs = settingsFor('default').latency.warmupMs;
const started = Date.now();
const log = (line: string) => process.stdout.write(`[api ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}\n`);

const result = await withBenchStack(
  { bundleDir: bundlesArg && path.resolve(bundlesArg), profile: args.includes('--profile'), edge: args.includes('--edge') },
  log,
  async ({ ctx, logDir }) => {
    for (let added = 1; added < workers; added++) await ctx.stack.addWorker();
    const runs = [];
    for (let round = 0; round <= rounds; round++) {
      const tag = round === 0 ? 'warm' : `api${round}`;
      await ctx.autovacuum.catchUp();
      const run = await measureGatewayLatency(ctx, { ratePerSecond, durationMs: round === 0 ? warmupMs : durationMs, tag });
      await waitForDeliveries(ctx, tag, run.succeeded);
      if (round === 0) continue;
      log(
        `round ${round}: p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ${run.cpuMsPerRequest['platform total']} platform CPU ms/request`,
      );
      runs.push(run);
    }
    return { runs, logDir };
  },
);
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
process.exit(0);
