// `npx tsx infra/bench/gateway-cpu.ts [--rounds=3 --rate=500 --seconds=10 --warmup=2 --profile --direct --bundled
// --process=<name> --against=<checkout> --idempotent --edge]`: the gateway's CPU per proxied send request, alone (with --process, that
// process's, e.g. mail; every round also logs each process's share). Starts the stack once (as `npm run bench` does;
// from the production bundles with --bundled), then for each round restarts the measured process (so a changed one
// is measured without restarting the rest), warms it up for `warmup` seconds, and sends the send API `rate` req/s
// for `seconds` through the gateway (open loop), reading each process's CPU from /proc. Rounds alternate with nothing
// else, so their spread is the machine's noise. With --against (and --bundled) each round measures the process from
// this checkout's bundles and from another checkout's (same schema), taking turns at going first: a before/after in
// one stack, which runs in separate stacks minutes apart on this shared VM cannot give. With --profile each round's
// process writes a V8 CPU profile (see README "Profiling"). With --direct each round then sends the same rate
// straight to the mail service (as the bench's "API latency direct" phase does) and prints the gateway's overhead.
// With --idempotent every send carries an Idempotency-Key of its own (the path of a client that retries safely).
// With --edge nginx carries the send API to the mail service (the whole bench's --edge), so `--process=mail` measures
// the mail service with the API key's rate limits, which it then counts itself.
// Options and summary: gateway-bench-options.ts (shared with gateway-alone.ts).
import path from 'node:path';
import { gatewayProcess } from '@mailwright/contracts';
import { buildBundles } from '../docker/build-bundles';
import { withBenchStack } from './bench-stack';
import { loadAverage } from './context';
import {
  BENCH_BUNDLES,
  benchLogger,
  gatewaySourceHash,
  parseGatewayBenchArgs,
  profilerEnv,
  summaryLine,
} from './gateway-bench-options';
import { measureDirectLatency, measureGatewayLatency, waitForDeliveries } from './phases/api-latency';
import { ratio } from './stats';

const options = parseGatewayBenchArgs(process.argv.slice(2), { rounds: 3, rate: 500, seconds: 10 });
const { rounds, ratePerSecond, durationMs, warmupMs, profile, direct, bundled, processName, against, idempotent } = options;
const log = benchLogger('gateway-cpu');
const measured = processName ?? gatewayProcess.name;
if (against && !bundled) throw new Error('--against compares bundles: give --bundled too');

interface Side {
  label: string;
  bundleDir: string | undefined;
  /** The measured process's CPU ms per request, one per round. */
  figures: number[];
  /** The stack's Node processes' CPU ms per request ('platform total'), one per round. */
  totals: number[];
}

const bundleDir = bundled ? buildBundles(log, BENCH_BUNDLES) : undefined;
const sides: Side[] = [{ label: 'this', bundleDir, figures: [], totals: [] }];
if (against)
  sides.push({
    label: `against ${against}`,
    bundleDir: buildBundles(log, BENCH_BUNDLES, path.resolve(against)),
    figures: [],
    totals: [],
  });

await withBenchStack({ bundleDir, edge: process.argv.includes('--edge') }, log, async ({ ctx, logDir }) => {
  const overheads: number[] = [];
  // label: the log's name for the run; tag: the same without spaces, for the recipients' addresses.
  const measureSide = async (side: Side, label: string, tag: string) => {
    log(`${label}: restarting ${measured} from ${side.label} (gateway/src ${gatewaySourceHash()})`);
    await ctx.stack.restart(measured, {
      ...(profile ? { env: profilerEnv(path.join(logDir, 'profiles')) } : {}),
      ...(side.bundleDir ? { bundleDir: side.bundleDir } : {}),
    });
    // Warm-up: caches (API key, plan, internal token), JIT, keep-alive connections to mail.
    const warm = await measureGatewayLatency(ctx, { ratePerSecond, durationMs: warmupMs, tag: `gwarm${tag}`, idempotent });
    await waitForDeliveries(ctx, `gwarm${tag}`, warm.succeeded);
    const run = await measureGatewayLatency(ctx, { ratePerSecond, durationMs, tag: `gcpu${tag}`, idempotent });
    await waitForDeliveries(ctx, `gcpu${tag}`, run.succeeded);
    const ms = run.cpuMsPerRequest[measured] ?? Number.NaN;
    side.figures.push(ms);
    side.totals.push(run.cpuMsPerRequest['platform total'] ?? Number.NaN);
    log(`${label}: CPU ms per request by process ${JSON.stringify(run.cpuMsPerRequest)}`);
    log(
      `${label}: ${measured} (${side.label}) ${ms} CPU ms per request; p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ` +
        `errors ${run.errors}; load ${loadAverage().one}`,
    );
    return run;
  };
  for (let index = 1; index <= rounds; index++) {
    // With --against the two versions take turns going first, so neither always runs on a warmer stack.
    const order = index % 2 === 1 ? sides : [...sides].reverse();
    const runs = new Map<Side, Awaited<ReturnType<typeof measureSide>>>();
    for (const [turn, side] of order.entries()) {
      const suffix = turn ? 'b' : '';
      runs.set(side, await measureSide(side, `round ${index}${suffix}`, `r${index}${suffix}`));
    }
    // The direct call is compared with this checkout's run of the round.
    const run = runs.get(sides[0] as Side);
    if (!direct || !run) continue;
    const straight = await measureDirectLatency(ctx, { ratePerSecond, durationMs, tag: `gdir${index}` });
    await waitForDeliveries(ctx, `gdir${index}`, straight.succeeded);
    const overhead = { p50: ratio(run.p50Ms, straight.p50Ms), p99: ratio(run.p99Ms, straight.p99Ms) };
    overheads.push(overhead.p50);
    log(
      `round ${index}: direct p50 ${straight.p50Ms} ms, p99 ${straight.p99Ms} ms, errors ${straight.errors}; ` +
        `gateway overhead p50 ${overhead.p50}, p99 ${overhead.p99}; load ${loadAverage().one}`,
    );
  }
  for (const side of sides) {
    const of = against ? ` (${side.label})` : '';
    log(summaryLine(`${measured} CPU ms per request${of}`, side.figures));
    if (against) log(summaryLine(`platform CPU ms per request${of}`, side.totals));
  }
  if (direct) log(summaryLine('gateway overhead at p50 (gateway / direct)', overheads));
});
