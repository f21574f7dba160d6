// The gateway process refuses to start on settings that would open it up, with one line saying what to set.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, TEST_INTERNAL_SECRET } from '@mailwright/kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from './support/stand-in-services';

const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How long a boot may take before the process counts as started: tsx compiles the whole server first, which took
 * over 15 s on a slow host running the other test steps beside this one (CI's packages step).
 */
const BOOT_MS = 60_000;

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

const start = (env: Record<string, string>) => {
  // Node itself with tsx's loader, not the tsx CLI: the CLI runs the server in a child of its own, which a SIGKILL
  // to the CLI left running (a gateway listening after the suite had ended).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: gatewayDir,
    env: { PATH: process.env.PATH ?? '', INTERNAL_SECRET: TEST_INTERNAL_SECRET, PORT: '0', LOG_LEVEL: 'silent', ...env },
  });
  running.push(child);
  return child;
};

/** Starts `src/server.ts` with `env` and resolves with its exit code and stderr (a process that starts is killed). */
function boot(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = start(env);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const started = setTimeout(() => child.kill('SIGKILL'), BOOT_MS);
    child.on('exit', (code) => {
      clearTimeout(started);
      resolve({ code, stderr });
    });
  });
}

describe('gateway boot checks', { timeout: BOOT_MS + 10_000 }, () => {
  it("refuses TRUST_PROXY=true and says to set a hop count or the proxies' addresses", async () => {
    const { code, stderr } = await boot({ TRUST_PROXY: 'true' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'Configuration error: TRUST_PROXY=true is refused: it trusts every X-Forwarded-For entry, so a client could pick its own ' +
        'rate-limit address. Set the number of proxies in front of the gateway (TRUST_PROXY=1) or their addresses ' +
        '(TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
    );
  });

  it('refuses a metrics listener on a non-loopback address without METRICS_TOKEN', async () => {
    const { code, stderr } = await boot({ METRICS_PORT: String(await freePort()), METRICS_HOST: '0.0.0.0' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'Configuration error: METRICS_TOKEN is missing: metrics would listen on 0.0.0.0 (METRICS_HOST), which is not ' +
        'loopback. Set METRICS_TOKEN (scrapers then send Authorization: Bearer <token>) or METRICS_HOST=127.0.0.1',
    );
  });

  it('serves metrics on the loopback listener only, never unauthenticated on the public port', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    start({ PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: String(metricsPort) });
    const scrape = await waitUntil(
      'the metrics listener',
      () =>
        fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
          (response) => (response.ok ? response.text() : undefined),
          () => undefined,
        ),
      BOOT_MS,
    );
    expect(scrape).toContain('service="gateway"');
    const publicScrape = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(publicScrape.status).toBe(404);
    expect(await publicScrape.json()).toEqual({ message: 'Route GET /metrics not found', code: 'NOT_FOUND' });
  });
});
