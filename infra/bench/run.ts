// `npm run bench [-- --quick | --large] [--skip-pacing] [--skip-scale-out] [--bundled | --bundles=<dir>] [--edge] [--out=<file>]`:
// runs the benchmark, prints the table, writes bench-results.json at the repository root (or <file>).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildBundles } from '../docker/build-bundles';
import { type BenchMode, rootDir, runBench, settingsFor } from './bench';
import { textArg } from './cli-args';
import { BENCH_BUNDLES } from './gateway-bench-options';
import { formatTable } from './report';

const args = process.argv.slice(2);
const mode: BenchMode = args.includes('--quick') ? 'quick' : args.includes('--large') ? 'large' : 'default';
const started = Date.now();
const log = (line: string) => {
  const seconds = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
  process.stdout.write(`[bench ${seconds}s] ${line}\n`);
};

try {
  const settings = { ...settingsFor(mode), profile: args.includes('--profile') };
  // --skip-pacing leaves out the pacing phase (it waits out the limit: 2+ minutes by default, 1 with --quick).
  if (args.includes('--skip-pacing')) settings.pacing = null;
  // --n=<count> overrides the throughput run size (profiling, quick experiments); the growth run is a tenth.
  const nArg = textArg(args, 'n');
  if (nArg !== undefined) {
    settings.n = Number(nArg);
    settings.growthSmallN = Math.max(50, Math.round(settings.n / 10));
    settings.baseline.n = settings.n;
    if (settings.scaleOut) settings.scaleOut.n = settings.n;
  }
  // --scale-out adds the capped-worker phase (N emails, then the limit check: a minute) to --quick; --skip-scale-out
  // leaves it out.
  if (args.includes('--scale-out') && !settings.scaleOut) {
    settings.scaleOut = {
      n: settings.n,
      cpuPerWorker: 0.1,
      workerCounts: [1, 2, 4],
      warmupPerWorker: Math.min(2_000, settings.n),
      cappedWarmupPerWorker: Math.min(1_000, settings.n),
      limitCheck: { n: 300, perMinute: 150 },
    };
  }
  if (args.includes('--skip-scale-out')) settings.scaleOut = null;
  // --worker-cpu=<cores> sets each capped worker's CPU quota (0.2 by default).
  const cpuArg = textArg(args, 'worker-cpu');
  if (cpuArg !== undefined && settings.scaleOut) settings.scaleOut.cpuPerWorker = Number(cpuArg);
  // --bundled runs every process from its production bundle, as its image does (the RSS and CPU production sees),
  // instead of from source through tsx.
  if (args.includes('--bundled')) settings.bundleDir = buildBundles(log, BENCH_BUNDLES);
  // --bundles=<dir> runs bundles built before (infra/docker/bundle.ts --out <dir>): two builds, one after the other.
  // --edge puts nginx in front of the gateway (infra/edge, EDGE=nginx): the send API's data path skips the gateway.
  if (args.includes('--edge')) settings.edge = true;
  const bundlesArg = textArg(args, 'bundles');
  if (bundlesArg) settings.bundleDir = path.resolve(bundlesArg);
  const results = await runBench(settings, log);
  const file = path.resolve(rootDir, textArg(args, 'out') ?? 'bench-results.json');
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`\n${formatTable(results)}\n\nwrote ${path.relative(process.cwd(), file) || file}\n`);
  process.exit(0);
} catch (error) {
  process.stderr.write(`benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}
