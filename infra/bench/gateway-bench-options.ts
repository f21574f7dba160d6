// What the two gateway CPU benchmarks share (gateway-alone.ts: the gateway alone before stand-in services;
// gateway-cpu.ts: the gateway in the whole bench stack): their command-line options, the hash of the gateway code a
// round measured, the environment that makes a process write a CPU profile, and the rounds' summary.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { positiveNumberArg, textArg } from './cli-args';
import { round } from './stats';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The folder of test-artifacts/ the benchmark builds its production bundles into (`--bundled`). */
export const BENCH_BUNDLES = 'bench-bundles';

export interface GatewayBenchOptions {
  rounds: number;
  ratePerSecond: number;
  durationMs: number;
  /** Write each measured process's V8 CPU profile (README "Profiling"). */
  profile: boolean;
  /** gateway-alone only: measure the bare Node proxy (bare-proxy-server.ts) instead of the gateway. */
  bare: boolean;
  /** gateway-alone only: each round measures the bare proxy, then the gateway, under the same load. */
  compare: boolean;
  /** Another checkout whose gateway (gateway-cpu: whose --process) each round measures too (before/after a change). */
  against: string | null;
  /** gateway-cpu only: each round also sends to the mail service directly, for the gateway's latency overhead. */
  direct: boolean;
  /** gateway-cpu only: every process runs from its production bundle (bundles.ts), not from source through tsx. */
  bundled: boolean;
  /** How long each round warms up (caches, JIT, keep-alive connections) before it is measured. */
  warmupMs: number;
  /** gateway-cpu only: the stack process each round restarts (and profiles with --profile); the gateway by default. */
  processName: string | null;
  /** gateway-cpu only: every send carries an Idempotency-Key of its own. */
  idempotent: boolean;
}

/**
 * Reads `--rounds=N --rate=N --seconds=N --warmup=N --profile --bare --compare --against=<dir> --direct --bundled
 * --process=<name> --idempotent`
 * (defaults as given; the warm-up 2 s).
 */
export function parseGatewayBenchArgs(
  args: readonly string[],
  defaults: { rounds: number; rate: number; seconds: number },
): GatewayBenchOptions {
  const numberArg = (name: string, fallback: number) => positiveNumberArg(args, name, fallback);
  return {
    rounds: numberArg('rounds', defaults.rounds),
    ratePerSecond: numberArg('rate', defaults.rate),
    durationMs: numberArg('seconds', defaults.seconds) * 1000,
    profile: args.includes('--profile'),
    bare: args.includes('--bare'),
    compare: args.includes('--compare'),
    against: textArg(args, 'against') || null,
    direct: args.includes('--direct'),
    bundled: args.includes('--bundled'),
    warmupMs: numberArg('warmup', 2) * 1000,
    processName: textArg(args, 'process') || null,
    idempotent: args.includes('--idempotent'),
  };
}

export const benchLogger = (tag: string) => (line: string) => process.stdout.write(`[${tag}] ${line}\n`);

/** The environment that makes a Node process write its CPU profile into `dir` when it exits (cpu-profiler.mjs). */
export const profilerEnv = (dir: string): Record<string, string> => ({
  NODE_OPTIONS: `--import ${pathToFileURL(path.join(rootDir, 'infra/bench/cpu-profiler.mjs')).href}`,
  BENCH_PROFILE_DIR: dir,
});

/** A short hash of gateway/src, so each round's line says which code it measured (edits between rounds). */
export function gatewaySourceHash(checkout = rootDir): string {
  const hash = createHash('sha1');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(readFileSync(file));
    }
  };
  walk(path.join(checkout, 'gateway/src'));
  return hash.digest('hex').slice(0, 8);
}

export const median = (figures: readonly number[]) => {
  const sorted = [...figures].sort((a, b) => a - b);
  return round(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN, 3);
};

/** `label: a, b, c (median m)`. */
export const summaryLine = (label: string, figures: readonly number[]) =>
  `${label}: ${figures.join(', ')} (median ${median(figures)})`;
