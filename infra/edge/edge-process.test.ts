// The edge as its own process (edge.ts, the entry of its image): nginx configured from the environment in front of a
// gateway, reloaded by SIGHUP, stopped cleanly by SIGTERM, and a bad setting refused in one line before nginx starts.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFileOf, edgeProcess } from '../docker/processes';
import { waitFor } from '../e2e/support/wait-for';
import { freePort } from '../launcher/free-port';
import { nginxPath } from './nginx-binary';
import { portListening } from './port-listening';

/**
 * The edge as its image runs it, the bundle, where `npm test` built the bundles (TEST_BUNDLES_DIR); else the source
 * through tsx, which on a loaded host takes seconds per start.
 */
const bundleDir = process.env.TEST_BUNDLES_DIR && path.join(process.env.TEST_BUNDLES_DIR, edgeProcess.name);
const bundled = bundleDir && existsSync(path.join(bundleDir, bundleFileOf(edgeProcess))) ? bundleDir : undefined;
const command = bundled
  ? { args: [bundleFileOf(edgeProcess)], cwd: bundled }
  : { args: ['--import', 'tsx', fileURLToPath(new URL('./edge.ts', import.meta.url))], cwd: process.cwd() };
const secret = 'an installation secret that is long enough to sign';
const binary = nginxPath();
const logDir = mkdtempSync(path.join(os.tmpdir(), 'edge-process-test-'));
let runs = 0;
afterAll(() => rmSync(logDir, { recursive: true, force: true }));

/** A stand-in gateway: answers every request with what it received. */
const gateway = http.createServer((request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ url: request.url, forwardedFor: request.headers['x-forwarded-for'] }));
});
let gatewayUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => gateway.close(resolve)));

interface EdgeRun {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts edge.ts with `env`. Its output goes to a file, as a container's goes to a pipe or a file: a pipe from Node
 * is a socket, on which nginx cannot open its access log (`stdout: 'socket'` shows that refusal).
 */
function runEdge(env: Record<string, string>, stdout: 'file' | 'socket' = 'file'): EdgeRun {
  const file = path.join(logDir, `edge-${++runs}.log`);
  const fd = openSync(file, 'a');
  const child = spawn(process.execPath, command.args, {
    cwd: command.cwd,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', stdout === 'file' ? fd : 'pipe', fd],
  });
  closeSync(fd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => readFileSync(file, 'utf8'), exited };
}

const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls every 10 ms: nginx's start is caught while it is still starting. */
const until = <T>(what: string, value: () => T | undefined, timeoutMs: number) => waitFor(what, value, timeoutMs, 10);

/** The private directory of the nginx this edge process started (its `-p`). */
function nginxDirOf(edgePid: number): string {
  const argv = readFileSync(`/proc/${childrenOf(edgePid)[0]}/cmdline`, 'utf8').split(/[\0 ]/);
  return argv[argv.indexOf('-p') + 1] ?? '';
}

describe.runIf(binary)('the edge process', () => {
  it("puts nginx before the gateway on PORT, appends to a trusted proxy's X-Forwarded-For, and stops on SIGTERM", async () => {
    const port = await freePort();
    const edge = runEdge({ PORT: String(port), GATEWAY_URL: gatewayUrl, INTERNAL_SECRET: secret, TRUST_PROXY: '1' });
    await portListening(port, 20_000, 'the edge');
    const response = await fetch(`http://127.0.0.1:${port}/api/templates?page=2`, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(await response.json()).toEqual({ url: '/api/templates?page=2', forwardedFor: '203.0.113.7, 127.0.0.1' });
    const dir = nginxDirOf(edge.child.pid as number);
    expect(path.basename(dir)).toMatch(/^mailwright-edge-/);
    expect(existsSync(path.join(dir, 'nginx.conf'))).toBe(true);

    edge.child.kill('SIGTERM');
    expect(await edge.exited).toBe(0);
    expect(edge.output()).toContain(`"msg":"nginx listens on 127.0.0.1:${port} before ${gatewayUrl}"`);
    // nginx's configuration (it holds the authorizer's secret) goes with it.
    expect(existsSync(dir)).toBe(false);
  });

  it("replaces a caller's X-Forwarded-For when nothing in front is trusted (the default)", async () => {
    const port = await freePort();
    const edge = runEdge({ PORT: String(port), GATEWAY_URL: gatewayUrl, INTERNAL_SECRET: secret });
    try {
      await portListening(port, 20_000, 'the edge');
      const response = await fetch(`http://127.0.0.1:${port}/api/healthz`, { headers: { 'x-forwarded-for': '198.51.100.9' } });
      expect(await response.json()).toEqual({ url: '/api/healthz', forwardedFor: '127.0.0.1' });
    } finally {
      edge.child.kill('SIGTERM');
      await edge.exited;
    }
  });

  it('reloads nginx on SIGHUP (names looked up again): the same master, new workers, requests still passing', async () => {
    const port = await freePort();
    const edge = runEdge({ PORT: String(port), GATEWAY_URL: gatewayUrl, INTERNAL_SECRET: secret });
    try {
      // Started as the edge sees it (nginx may listen a moment before the edge has heard it does).
      await until('the edge to hear nginx listens', () => edge.output().includes('"msg":"nginx listens') || undefined, 20_000);
      const master = childrenOf(edge.child.pid as number)[0] as number;
      const before = childrenOf(master);
      edge.child.kill('SIGHUP');
      await until('new nginx workers', () => childrenOf(master).some((pid) => !before.includes(pid)) || undefined, 10_000);
      expect(childrenOf(edge.child.pid as number)).toEqual([master]);
      const response = await fetch(`http://127.0.0.1:${port}/api/healthz`);
      expect(await response.json()).toEqual({ url: '/api/healthz', forwardedFor: '127.0.0.1' });
      expect(edge.output()).toContain('"msg":"reloading nginx: SIGHUP"');
    } finally {
      edge.child.kill('SIGTERM');
      await edge.exited;
    }
  });

  it('stops nginx too when SIGTERM comes while nginx is starting', async () => {
    const edge = runEdge({ PORT: String(await freePort()), GATEWAY_URL: gatewayUrl, INTERNAL_SECRET: secret });
    const nginx = await until('nginx to start', () => childrenOf(edge.child.pid as number)[0], 20_000);
    edge.child.kill('SIGTERM');
    await edge.exited;
    // Gone with it, not left behind as an orphan still holding the port and the secret.
    expect(await until('nginx to stop', () => !isAlive(nginx) || undefined, 5_000)).toBe(true);
  });
});

describe('the edge process refuses a bad setting in one line', () => {
  it('GATEWAY_URL missing', async () => {
    const edge = runEdge({ INTERNAL_SECRET: secret });
    expect(await edge.exited).toBe(1);
    expect(edge.output()).toContain('Configuration error: GATEWAY_URL is missing');
  });

  it('TRUST_PROXY=true, which the gateway refuses too', async () => {
    const edge = runEdge({ INTERNAL_SECRET: secret, GATEWAY_URL: 'http://gateway:8080', TRUST_PROXY: 'true' });
    expect(await edge.exited).toBe(1);
    expect(edge.output()).toContain('Configuration error: TRUST_PROXY=true is refused');
  });

  it.runIf(binary)('an access log on a stdout nginx cannot open (a socket)', async () => {
    const edge = runEdge({ GATEWAY_URL: gatewayUrl, INTERNAL_SECRET: secret, PORT: String(await freePort()) }, 'socket');
    expect(await edge.exited).toBe(1);
    expect(edge.output()).toContain('Configuration error: ACCESS_LOG needs stdout on a file, a pipe or a terminal');
  });
});
