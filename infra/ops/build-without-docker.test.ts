// The Dockerfile's build steps without Docker: bundle every process, prune to production dependencies,
// migrate a fresh database with the built job and start the built identity service (infra/docker/build-without-docker.sh).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { processes } from '../docker/processes';
import { repoRoot } from './support/deploy-files';

function runScript(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', [path.join(repoRoot, 'infra/docker/build-without-docker.sh')], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_ADMIN_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('build without Docker', () => {
  it('bundles every process, migrates a fresh database and serves /healthz from the built identity', async () => {
    const { code, output } = await runScript();
    expect(output, output).toMatch(/^build: ok$/m);
    expect(code).toBe(0);
    for (const spec of processes) {
      expect(output).toMatch(new RegExp(`^bundle: ${spec.name} `, 'm'));
      expect(output).toMatch(new RegExp(`^build: ${spec.name} loads and reports: Configuration error: `, 'm'));
    }
    expect(output).toMatch(/^bundle: identity .*node_modules: argon2/m);
    expect(output).toMatch(/"msg":"all schemas migrated"/);
    expect(output).toMatch(/^build: GET \/healthz → \{"status":"ok"\}$/m);
    expect(output).toMatch(/^build: GET \/readyz → \{"status":"ready"/m);
    expect(output).toMatch(/^build: identity stopped cleanly on SIGTERM$/m);
  }, 240_000);
});
