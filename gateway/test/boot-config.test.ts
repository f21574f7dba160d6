// The gateway process refuses to start on settings that would open it up, with one line saying what to set.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_INTERNAL_SECRET } from '@mailwright/kit/testing';
import { describe, expect, it } from 'vitest';

const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.resolve(gatewayDir, '../node_modules/.bin/tsx');

/** Starts `src/server.ts` with `env` and resolves with its exit code and stderr (a process that starts is killed). */
function boot(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(tsx, ['src/server.ts'], {
      cwd: gatewayDir,
      env: { PATH: process.env.PATH ?? '', INTERNAL_SECRET: TEST_INTERNAL_SECRET, PORT: '0', LOG_LEVEL: 'silent', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const started = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('exit', (code) => {
      clearTimeout(started);
      resolve({ code, stderr });
    });
  });
}

describe('gateway boot checks', () => {
  it("refuses TRUST_PROXY=true and says to set a hop count or the proxies' addresses", async () => {
    const { code, stderr } = await boot({ TRUST_PROXY: 'true' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'Configuration error: TRUST_PROXY=true is refused: it trusts every X-Forwarded-For entry, so a client could pick its own ' +
        'rate-limit address. Set the number of proxies in front of the gateway (TRUST_PROXY=1) or their addresses ' +
        '(TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
    );
  });
});
