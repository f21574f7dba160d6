// `npm run bench:floors [-- --rate=500 --seconds=10 --n=10000]`: what the parts every send passes through cost in
// Node on this machine when they do nothing else, the floor under issue 25's CPU targets. Each part runs in its own
// process and is loaded by this one; its CPU is read from /proc:
// - one HTTP exchange: a node:http server that parses the JSON body and answers 201 (floor-service-server.ts), the
//   least a service (mail) pays per request;
// - two HTTP exchanges: the bare Node proxy (bare-proxy-server.ts) in front of that server, the least the gateway
//   pays per proxied request;
// - the same two connections relayed byte for byte without HTTP (byte-relay-server.ts): the reads, writes and
//   wake-ups of the bare proxy without its JavaScript, so that the proxy's cost splits into the two;
// - where the machine has nginx, the same two exchanges through it (nginx-proxy.ts): a proxy that is not JavaScript;
//   and again with a cached auth_request to a Node authorizer (floor-authorizer-server.ts), nginx and the
//   authorizer counted together;
// - one SMTP delivery: prebuilt messages through the worker's SMTP pool to the bench's sink (floor-smtp-sender.ts).
// HTTP is measured open-loop at --rate (the bench's "per API request" phase) and closed-loop with 64 clients
// (the bench's throughput phase, N requests).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { nginxPath } from '../edge/nginx-binary';
import { BenchSink } from './bench-sink';
import { positiveNumberArg } from './cli-args';
import { loadAverage, sendBody } from './context';
import { cpuMsOf } from './cpu-usage';
import { rootDir } from './gateway-bench-options';
import { keepAliveAgent, request } from './http-client';
import { startNginxProxy } from './nginx-proxy';
import { runOpenLoop } from './open-loop';
import { startListening, stopProcess } from './server-process';
import { round } from './stats';

const numberArg = (name: string, fallback: number) => positiveNumberArg(process.argv, name, fallback);
const ratePerSecond = numberArg('rate', 500);
const durationMs = numberArg('seconds', 10) * 1000;
const n = numberArg('n', 10_000);
const log = (line: string) => process.stdout.write(`[floors] ${line}\n`);

const startServer = (script: string, args: string[] = []) =>
  startListening(path.join(rootDir, script), { args, cwd: rootDir, env: { ...process.env, NODE_OPTIONS: '' } });

const agent = keepAliveAgent(256);
const build = (url: URL) => (i: number) => ({
  url,
  method: 'POST',
  // A key as the bench's sends carry one (the nginx authorizer floor caches its answer per key).
  headers: { 'content-type': 'application/json', 'x-api-key': `mw_floor_${'0'.repeat(40)}` },
  body: sendBody(`floor+${i}@bench.test`, i),
});

async function closedLoop(url: URL, total: number): Promise<void> {
  let next = 0;
  const client = async () => {
    for (let i = next++; i < total; i = next++) {
      const answer = await request(agent, url, build(url)(i));
      if (answer.status !== 201) throw new Error(`answer ${answer.status}`);
    }
  };
  await Promise.all(Array.from({ length: 64 }, client));
}

/** CPU ms per request of each given process, open-loop at the rate and closed-loop with 64 clients. */
async function measureHttp(url: URL, pids: Record<string, number>) {
  const read = () => Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMsOf(pid) ?? Number.NaN]));
  const per = (before: Record<string, number>, requests: number) =>
    Object.fromEntries(Object.entries(read()).map(([name, ms]) => [name, round((ms - (before[name] ?? 0)) / requests, 3)]));
  await runOpenLoop({ agent, ratePerSecond, durationMs: 2_000, build: build(url) });
  const openBefore = read();
  const open = await runOpenLoop({ agent, ratePerSecond, durationMs, build: build(url) });
  if (open.errors > 0) throw new Error(`open loop: ${open.errors} errors ${JSON.stringify(open.errorKinds)}`);
  const openLoop = per(openBefore, open.sent);
  const closedBefore = read();
  await closedLoop(url, n);
  return { openLoop, closedLoop: per(closedBefore, n), p50Ms: open.p50Ms };
}

async function measureSmtp(): Promise<{ cpuMsPerMessage: number; messagesPerSecond: number }> {
  const sink = new BenchSink();
  await sink.start();
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const args = [`--port=${sink.port}`, `--n=${n}`, '--connections=20', '--tag=floor'];
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(rootDir, 'infra/bench/floor-smtp-sender.ts'), ...args],
        {
          cwd: rootDir,
          stdio: ['ignore', 'pipe', 'inherit'],
          env: { ...process.env, NODE_OPTIONS: '' },
        },
      );
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`floor SMTP sender exited ${code}`))));
    });
    const report = JSON.parse(output.trim().split('\n').pop() ?? '{}') as { sent: number; cpuMs: number; elapsedMs: number };
    if (report.sent !== n) throw new Error(`floor SMTP sender sent ${report.sent} of ${n}`);
    return {
      cpuMsPerMessage: round(report.cpuMs / report.sent, 3),
      messagesPerSecond: round((report.sent / report.elapsedMs) * 1000, 1),
    };
  } finally {
    await sink.stop();
  }
}

log(`load ${loadAverage().one}; HTTP open-loop ${ratePerSecond} req/s for ${durationMs / 1000} s, closed-loop ${n} requests`);
const service = await startServer('infra/bench/floor-service-server.ts');
const proxy = await startServer('infra/bench/bare-proxy-server.ts', [service.url]);
const relay = await startServer('infra/bench/byte-relay-server.ts', [service.url]);
try {
  const servicePid = service.child.pid as number;
  const alone = await measureHttp(new URL('/emails/api/send', service.url), { service: servicePid });
  log(`one HTTP exchange: ${JSON.stringify(alone)}`);
  const proxied = await measureHttp(new URL('/api/emails/api/send', proxy.url), {
    proxy: proxy.child.pid as number,
    service: servicePid,
  });
  log(`two HTTP exchanges (bare proxy): ${JSON.stringify(proxied)}`);
  const relayed = await measureHttp(new URL('/api/emails/api/send', relay.url), { relay: relay.child.pid as number });
  log(`the same two connections relayed without HTTP: ${JSON.stringify(relayed)}`);
  const nginx = nginxPath();
  if (nginx) {
    const native = await startNginxProxy(nginx, new URL(service.url));
    try {
      const viaNginx = await measureHttp(new URL('/api/emails/api/send', native.url), { nginx: native.child.pid as number });
      log(`two HTTP exchanges through nginx (${nginx}, one process): ${JSON.stringify(viaNginx)}`);
    } finally {
      await native.stop();
    }
    const authorizer = await startServer('infra/bench/floor-authorizer-server.ts');
    const checked = await startNginxProxy(nginx, new URL(service.url), new URL(authorizer.url));
    try {
      const viaChecks = await measureHttp(new URL('/api/emails/api/send', checked.url), {
        nginx: checked.child.pid as number,
        authorizer: authorizer.child.pid as number,
      });
      log(`the same with a cached auth_request to a Node authorizer: ${JSON.stringify(viaChecks)}`);
    } finally {
      await checked.stop();
      await stopProcess(authorizer.child);
    }
  } else log('nginx: not installed (apt-get install nginx-light), not measured');
  const smtp = await measureSmtp();
  log(`one SMTP delivery: ${JSON.stringify(smtp)}`);

  const sum = (loop: 'openLoop' | 'closedLoop') =>
    round((proxied[loop].proxy ?? 0) + (proxied[loop].service ?? 0) + smtp.cpuMsPerMessage, 3);
  log('floor of a send (bare proxy + the exchange behind it + one SMTP delivery) against issue 25 targets:');
  log(`  gateway per proxied request (open loop): ${proxied.openLoop.proxy} ms (target ≤ 0.25)`);
  const relayMs = relayed.openLoop.relay ?? 0;
  const httpMs = round((proxied.openLoop.proxy ?? 0) - relayMs, 3);
  log(`    of which the connections' reads, writes and wake-ups ${relayMs} ms, HTTP in JavaScript ${httpMs} ms`);
  log(`  platform per email (closed loop, 64 clients): ${sum('closedLoop')} ms (target ≤ 0.45)`);
  log(`  platform per API request (open loop, ${ratePerSecond}/s): ${sum('openLoop')} ms (target ≤ 1.0)`);
  log(`  p50 alone ${alone.p50Ms} ms, through the bare proxy ${proxied.p50Ms} ms; load ${loadAverage().one}`);
} finally {
  agent.destroy();
  await stopProcess(proxy.child);
  await stopProcess(relay.child);
  await stopProcess(service.child);
}
