// `npx tsx infra/bench/gateway-cpu.ts [--rounds=3 --rate=500 --seconds=10 --warmup=2 --profile --direct --bundled
// --process=<name>]`: the gateway's CPU per proxied send request, alone (with --process, that process's, e.g. mail;
// every round also logs each process's share). Starts the stack once (as `npm run bench` does; from the
// production bundles with --bundled), then for each round restarts the gateway (so a changed gateway is measured
// without restarting the rest), warms it up for `warmup` seconds, and sends the send API `rate` req/s for `seconds`
// through it (open loop), reading the gateway process's CPU from /proc. Rounds alternate with nothing else, so their
// spread is the machine's noise. With --profile each round's gateway writes a V8 CPU profile (see README
// "Profiling"). With --direct each round then sends the same rate straight to the mail service (as the bench's "API
// latency direct" phase does) and prints the gateway's overhead (p50 and p99 ratios).
// Options and summary: gateway-bench-options.ts (shared with gateway-alone.ts).
import path from 'node:path';
import { gatewayProcess } from '@mailwright/contracts';
import { withBenchStack } from './bench-stack';
import { buildBundles } from './bundles';
import { loadAverage } from './context';
import { benchLogger, gatewaySourceHash, parseGatewayBenchArgs, profilerEnv, summaryLine } from './gateway-bench-options';
import { measureDirectLatency, measureGatewayLatency, waitForDeliveries } from './phases/api-latency';
import { ratio } from './stats';

const { rounds, ratePerSecond, durationMs, warmupMs, profile, direct, bundled, processName } = parseGatewayBenchArgs(
  process.argv.slice(2),
  {
    rounds: 3,
    rate: 500,
    seconds: 10,
  },
);
const log = benchLogger('gateway-cpu');
const measured = processName ?? gatewayProcess.name;

const bundleDir = bundled ? buildBundles(log) : undefined;
await withBenchStack({ bundleDir }, log, async ({ ctx, logDir }) => {
  const figures: number[] = [];
  const overheads: number[] = [];
  for (let index = 1; index <= rounds; index++) {
    log(`round ${index}: restarting ${measured} (gateway/src ${gatewaySourceHash()})`);
    await ctx.stack.restart(measured, profile ? { env: profilerEnv(path.join(logDir, 'profiles')) } : {});
    // Warm-up: caches (API key, plan, internal token), JIT, keep-alive connections to mail.
    const warm = await measureGatewayLatency(ctx, { ratePerSecond, durationMs: warmupMs, tag: `gwarm${index}` });
    await waitForDeliveries(ctx, `gwarm${index}`, warm.succeeded);
    const run = await measureGatewayLatency(ctx, { ratePerSecond, durationMs, tag: `gcpu${index}` });
    await waitForDeliveries(ctx, `gcpu${index}`, run.succeeded);
    const ms = run.cpuMsPerRequest[measured] ?? Number.NaN;
    figures.push(ms);
    log(`round ${index}: CPU ms per request by process ${JSON.stringify(run.cpuMsPerRequest)}`);
    log(
      `round ${index}: ${measured} ${ms} CPU ms per request; p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, errors ${run.errors}; ` +
        `load ${loadAverage().one}`,
    );
    if (!direct) continue;
    const straight = await measureDirectLatency(ctx, { ratePerSecond, durationMs, tag: `gdir${index}` });
    await waitForDeliveries(ctx, `gdir${index}`, straight.succeeded);
    const overhead = { p50: ratio(run.p50Ms, straight.p50Ms), p99: ratio(run.p99Ms, straight.p99Ms) };
    overheads.push(overhead.p50);
    log(
      `round ${index}: direct p50 ${straight.p50Ms} ms, p99 ${straight.p99Ms} ms, errors ${straight.errors}; ` +
        `gateway overhead p50 ${overhead.p50}, p99 ${overhead.p99}; load ${loadAverage().one}`,
    );
  }
  log(summaryLine(`${measured} CPU ms per request`, figures));
  if (direct) log(summaryLine('gateway overhead at p50 (gateway / direct)', overheads));
});
