// The worker loads the large provider and feedback libraries when it first needs them, not at start: what the
// worker's entry reaches through static imports (its bundle's start-up) holds none of them.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../src/worker.ts', import.meta.url));
const LAZY = ['imapflow', 'mailparser', '@microsoft/microsoft-graph-client', '@googleapis/gmail'];

/** The files the entry reaches through static imports (dynamic import() left out). */
async function loadedAtStart(): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    outdir: 'out',
    external: ['argon2', 'pg', 'ioredis', 'import-in-the-middle'],
    logLevel: 'silent',
  });
  const start = Object.keys(metafile.inputs).find((file) => entry.endsWith(file)) as string;
  const reached = new Set([start]);
  const pending = [start];
  while (pending.length > 0) {
    for (const imported of metafile.inputs[pending.pop() as string]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' || imported.external || reached.has(imported.path)) continue;
      reached.add(imported.path);
      pending.push(imported.path);
    }
  }
  return [...reached];
}

describe('the worker at start', () => {
  it('loads no mailbox reader, MIME parser or HTTP API sender library', async () => {
    const files = await loadedAtStart();
    expect(files.some((file) => file.includes('node_modules/bullmq/'))).toBe(true);
    for (const name of LAZY) expect(files.filter((file) => file.includes(`node_modules/${name}/`))).toEqual([]);
  }, 60_000);
});
