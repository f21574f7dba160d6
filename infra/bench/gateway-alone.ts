// `npm run bench:gateway [-- --rounds=5 --rate=500 --seconds=10 --profile --bare]`: the gateway's CPU per proxied
// send request with nothing else of the platform running: the real gateway app (gateway-alone-server.ts, its own
// process) in front of the gateway tests' stand-in services (identity's API-key answers, an upstream answering
// every other request at once, in this process), loaded open-loop by this process. Each round starts a fresh
// gateway from the code on disk, warms it up and reads its CPU from /proc over the run.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startStandInServices } from '../../gateway/test/support/stand-in-services';
import { loadAverage, sendBody } from './context';
import { keepAliveAgent } from './http-client';
import { runOpenLoop } from './open-loop';
import { round } from './stats';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number) => {
  const found = args.find((arg) => arg.startsWith(`--${name}=`));
  return found ? Number(found.slice(name.length + 3)) : fallback;
};
const rounds = numberArg('rounds', 5);
const ratePerSecond = numberArg('rate', 500);
const durationMs = numberArg('seconds', 10) * 1000;
// --bare measures a bare Node proxy (bare-proxy-server.ts) instead of the gateway: the floor it is compared with.
const bare = args.includes('--bare');
const profileDir = args.includes('--profile') ? path.join(rootDir, 'test-artifacts', 'gateway-profiles') : null;
const log = (line: string) => process.stdout.write(`[gateway-alone] ${line}\n`);

const cpuMsOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const services = await startStandInServices();
const apiKey = `mw_${randomBytes(16).toString('hex')}`;
services.apiKeys.set(apiKey, { apiKeyId: randomBytes(8).toString('hex'), userId: 'bench-user', isActive: true });
const agent = keepAliveAgent(256);
const figures: number[] = [];
try {
  for (let index = 1; index <= rounds; index++) {
    log(`round ${index}: starting ${bare ? 'a bare Node proxy' : `the gateway (gateway/src ${sourceHash()})`}`);
    const { child, url } = await startGateway(services.url);
    try {
      const target = new URL('/api/emails/api/send', url);
      const build = (i: number) => ({
        url: target,
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: sendBody(`alone+${i}@bench.test`, i),
      });
      await runOpenLoop({ agent, ratePerSecond, durationMs: 2_000, build });
      services.seen.length = 0;
      const pid = child.pid as number;
      const before = cpuMsOf(pid);
      const run = await runOpenLoop({ agent, ratePerSecond, durationMs, build });
      const ms = round((cpuMsOf(pid) - before) / run.sent, 3);
      figures.push(ms);
      log(
        `round ${index}: gateway ${ms} CPU ms per request; p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, errors ${run.errors} ` +
          `${JSON.stringify(run.errorKinds)}; load ${loadAverage().one}`,
      );
    } finally {
      await stopGateway(child);
    }
  }
  const sorted = [...figures].sort((a, b) => a - b);
  log(`gateway CPU ms per request: ${figures.join(', ')} (median ${sorted[Math.floor(sorted.length / 2)]})`);
} finally {
  agent.destroy();
  await services.close();
}

async function startGateway(standInUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const script = bare ? 'infra/bench/bare-proxy-server.ts' : 'infra/bench/gateway-alone-server.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(rootDir, script), standInUrl], {
    cwd: path.join(rootDir, 'gateway'),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      ...(profileDir
        ? {
            NODE_OPTIONS: `--import ${pathToFileURL(path.join(rootDir, 'infra/bench/cpu-profiler.mjs')).href}`,
            BENCH_PROFILE_DIR: profileDir,
          }
        : {}),
    },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the gateway exited (${code}) before listening`)));
  });
  return { child, url };
}

async function stopGateway(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A short hash of gateway/src, so each round's line says which code it measured. */
function sourceHash(): string {
  const hash = createHash('sha1');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(readFileSync(file));
    }
  };
  walk(path.join(rootDir, 'gateway/src'));
  return hash.digest('hex').slice(0, 8);
}
