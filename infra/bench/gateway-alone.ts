// `npm run bench:gateway [-- --rounds=5 --rate=500 --seconds=10 --profile --bare --compare]`: the gateway's CPU per
// proxied send request with nothing else of the platform running: the real gateway app (gateway-alone-server.ts, its
// own process) in front of the gateway tests' stand-in services (identity's API-key answers, an upstream answering
// every other request at once, in this process), loaded open-loop by this process. Each round starts a fresh
// gateway from the code on disk, warms it up and reads its CPU from /proc over the run. `--bare` measures the bare
// Node proxy floor (bare-proxy-server.ts) instead; `--compare` measures the floor and then the gateway in every
// round, so each round's ratio compares the two under the same load of a shared machine; `--against=<dir>` also
// measures, in every round, the gateway of another checkout of the repository (e.g. `git worktree add <dir> <commit>`,
// or `git archive <commit> gateway infra/bench tsconfig.base.json package.json` with a node_modules link): before
// and after a change under the same load.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startStandInServices } from '../../gateway/test/support/stand-in-services';
import { loadAverage, sendBody } from './context';
import { cpuMsOf } from './cpu-usage';
import {
  benchLogger,
  gatewaySourceHash,
  parseGatewayBenchArgs,
  profilerEnv,
  rootDir,
  summaryLine,
} from './gateway-bench-options';
import { keepAliveAgent } from './http-client';
import { runOpenLoop } from './open-loop';
import { type ListeningProcess, startListening, stopProcess } from './server-process';
import { ratio, round } from './stats';

type Proxy = 'gateway' | 'bare' | 'against';

const options = parseGatewayBenchArgs(process.argv.slice(2), { rounds: 5, rate: 500, seconds: 10 });
const profileDir = options.profile ? path.join(rootDir, 'test-artifacts', 'gateway-profiles') : null;
const log = benchLogger('gateway-alone');
const measured: Proxy[] = [
  ...(options.compare ? (['bare', 'gateway'] as const) : ([options.bare ? 'bare' : 'gateway'] as const)),
  ...(options.against ? (['against'] as const) : []),
];

const services = await startStandInServices();
const apiKey = `mw_${randomBytes(16).toString('hex')}`;
services.apiKeys.set(apiKey, { apiKeyId: randomBytes(8).toString('hex'), userId: 'bench-user', isActive: true });
const agent = keepAliveAgent(256);
const figures: Record<Proxy, number[]> = { gateway: [], bare: [], against: [] };
const ratios: number[] = [];
try {
  for (let index = 1; index <= options.rounds; index++) {
    for (const proxy of measured) figures[proxy].push(await measure(proxy, index));
    if (options.compare) {
      const roundRatio = ratio(figures.gateway.at(-1) ?? Number.NaN, figures.bare.at(-1) ?? Number.NaN);
      ratios.push(roundRatio);
      log(`round ${index}: gateway / bare = ${roundRatio}`);
    }
    if (options.against) {
      log(
        `round ${index}: gateway / against = ${ratio(figures.gateway.at(-1) ?? Number.NaN, figures.against.at(-1) ?? Number.NaN)}`,
      );
    }
  }
  for (const proxy of measured) log(summaryLine(`${proxy} CPU ms per request`, figures[proxy]));
  if (options.compare) log(`${summaryLine('gateway / bare', ratios)}; load now ${loadAverage().one}`);
  if (options.against) {
    const against = figures.gateway.map((ms, i) => ratio(ms, figures.against[i] ?? Number.NaN));
    log(summaryLine(`gateway / ${options.against}'s gateway`, against));
  }
} finally {
  agent.destroy();
  await services.close();
}

/** One round of one proxy: start it, warm it up, load it for the run, read its CPU per request. */
async function measure(proxy: Proxy, index: number): Promise<number> {
  const what = {
    bare: 'a bare Node proxy',
    gateway: `the gateway (gateway/src ${gatewaySourceHash()})`,
    against: `${options.against}'s gateway (gateway/src ${gatewaySourceHash(options.against ?? rootDir)})`,
  };
  log(`round ${index}: starting ${what[proxy]}`);
  const { child, url } = await startProxy(proxy, services.url);
  try {
    const target = new URL('/api/emails/api/send', url);
    const build = (i: number) => ({
      url: target,
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: sendBody(`alone+${i}@bench.test`, i),
    });
    const { ratePerSecond, durationMs } = options;
    await runOpenLoop({ agent, ratePerSecond, durationMs: options.warmupMs, build });
    services.seen.length = 0;
    const pid = child.pid as number;
    const before = cpuMsOf(pid) ?? Number.NaN;
    const run = await runOpenLoop({ agent, ratePerSecond, durationMs, build });
    const ms = round(((cpuMsOf(pid) ?? Number.NaN) - before) / run.sent, 3);
    log(
      `round ${index}: ${proxy} ${ms} CPU ms per request; p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, errors ${run.errors} ` +
        `${JSON.stringify(run.errorKinds)}; load ${loadAverage().one}`,
    );
    return ms;
  } finally {
    await stopProcess(child);
  }
}

function startProxy(proxy: Proxy, standInUrl: string): Promise<ListeningProcess> {
  const script = proxy === 'bare' ? 'infra/bench/bare-proxy-server.ts' : 'infra/bench/gateway-alone-server.ts';
  const dir = proxy === 'against' ? path.resolve(options.against ?? rootDir) : rootDir;
  return startListening(path.join(dir, script), {
    args: [standInUrl],
    cwd: path.join(dir, 'gateway'),
    env: { ...process.env, ...(profileDir ? profilerEnv(profileDir) : {}) },
  });
}
