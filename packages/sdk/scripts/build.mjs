// dist/index.mjs (ESM), dist/index.cjs (CJS), dist/cli.cjs (the mailwright bin) and dist/types (declarations).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
rmSync(`${root}dist`, { recursive: true, force: true });
const common = { bundle: true, platform: 'node', target: 'node20', absWorkingDir: root, logLevel: 'warning' };
await build({ ...common, entryPoints: ['src/index.ts'], format: 'esm', outfile: 'dist/index.mjs' });
await build({ ...common, entryPoints: ['src/index.ts'], format: 'cjs', outfile: 'dist/index.cjs' });
await build({
  ...common,
  entryPoints: ['src/cli/main.ts'],
  format: 'cjs',
  outfile: 'dist/cli.cjs',
  banner: { js: '#!/usr/bin/env node' },
});
execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
