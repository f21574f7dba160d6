// `npx tsx infra/bench/gateway-cpu.ts [--rounds=3 --rate=500 --seconds=10 --profile]`: the gateway's CPU per proxied send
// request, alone. Starts the stack once (as `npm run bench` does), then for each round restarts the gateway (so
// a changed gateway is measured without restarting the rest), warms it up, and sends the send API `rate` req/s
// for `seconds` through it (open loop), reading the gateway process's CPU from /proc. Rounds alternate with
// nothing else, so their spread is the machine's noise. With --profile each round's gateway writes a V8 CPU
// profile (see README "Profiling").

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gatewayProcess } from '@mailwright/contracts';
import { withBenchStack } from './bench-stack';
import { loadAverage } from './context';
import { measureGatewayLatency, waitForDeliveries } from './phases/api-latency';
import { round } from './stats';

const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number) => {
  const found = args.find((arg) => arg.startsWith(`--${name}=`));
  return found ? Number(found.slice(name.length + 3)) : fallback;
};
const rounds = numberArg('rounds', 3);
const ratePerSecond = numberArg('rate', 500);
const durationMs = numberArg('seconds', 10) * 1000;
const profile = args.includes('--profile');
const log = (line: string) => process.stdout.write(`[gateway-cpu] ${line}\n`);

await withBenchStack({}, log, async ({ ctx, logDir }) => {
  const figures: number[] = [];
  for (let index = 1; index <= rounds; index++) {
    log(`round ${index}: restarting the gateway (gateway/src ${sourceHash()})`);
    await ctx.stack.restart(
      gatewayProcess.name,
      profile
        ? {
            env: {
              NODE_OPTIONS: `--import ${pathToFileURL(path.resolve('infra/bench/cpu-profiler.mjs')).href}`,
              BENCH_PROFILE_DIR: path.join(logDir, 'profiles'),
            },
          }
        : {},
    );
    // Warm-up: caches (API key, plan, internal token), JIT, keep-alive connections to mail.
    const warm = await measureGatewayLatency(ctx, { ratePerSecond, durationMs: 2_000, tag: `gwarm${index}` });
    await waitForDeliveries(ctx, `gwarm${index}`, warm.succeeded);
    const run = await measureGatewayLatency(ctx, { ratePerSecond, durationMs, tag: `gcpu${index}` });
    await waitForDeliveries(ctx, `gcpu${index}`, run.succeeded);
    const ms = run.cpuMsPerRequest.gateway ?? Number.NaN;
    figures.push(ms);
    log(
      `round ${index}: gateway ${ms} CPU ms per request; p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, errors ${run.errors}; ` +
        `load ${loadAverage().one}`,
    );
  }
  const sorted = [...figures].sort((a, b) => a - b);
  log(
    `gateway CPU ms per request: ${figures.join(', ')} (median ${round(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN, 3)})`,
  );
});

/** A short hash of gateway/src, so each round's line says which code it measured (edits between rounds). */
function sourceHash(): string {
  const hash = createHash('sha1');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(readFileSync(file));
    }
  };
  walk(path.resolve('gateway/src'));
  return hash.digest('hex').slice(0, 8);
}
