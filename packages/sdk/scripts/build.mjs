// dist/index.mjs (ESM), dist/index.cjs (CJS), dist/cli.cjs (the mailwright bin), and declarations for each:
// dist/types/*.d.ts (read as CommonJS, the package's type) and dist/types/*.d.mts (read as ES modules), so both
// `import` and `require` get types that describe what they load.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
rmSync(join(root, 'dist'), { recursive: true, force: true });
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

// An ES module's relative imports name the file: './errors' → './errors.mjs' (TypeScript maps it to errors.d.mts).
const types = join(root, 'dist/types');
for (const entry of readdirSync(types, { recursive: true })) {
  const file = join(types, String(entry));
  if (!file.endsWith('.d.ts')) continue;
  const esm = readFileSync(file, 'utf8').replace(/(from\s+['"])(\.{1,2}\/[^'"]+)(['"])/g, '$1$2.mjs$3');
  writeFileSync(file.replace(/\.d\.ts$/, '.d.mts'), esm);
}
