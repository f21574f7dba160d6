// Builds every deployable process into <out>/<name>/ (default infra/docker/dist, git-ignored): one bundled ESM file (dist/), the migrations it
// applies, the web app for the gateway, and a node_modules pruned to the production dependencies of
// the packages left out of the bundle (native addons). Used by the Dockerfile and by CI without Docker.
//
//   node --import tsx infra/docker/bundle.ts [--out <dir>] [name ...]

import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type Metafile } from 'esbuild';
import { type DeployableProcess, externalPackages, processes, schemas } from './processes';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Bundled CommonJS dependencies call require() and read __dirname; give the ESM bundle both.
const banner = [
  "import { createRequire as __mwCreateRequire } from 'node:module';",
  "import { fileURLToPath as __mwFileURLToPath } from 'node:url';",
  "import { dirname as __mwDirname } from 'node:path';",
  'const require = __mwCreateRequire(import.meta.url);',
  'const __filename = __mwFileURLToPath(import.meta.url);',
  'const __dirname = __mwDirname(__filename);',
].join('\n');

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier);

/** Node's lookup: <dir>/node_modules/<name>, then each parent's. */
function findPackageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) return undefined;
  }
}

/** Copies `names` and their production dependency closure into <outDir>/node_modules, keeping nesting. */
async function copyProductionDependencies(names: string[], outDir: string): Promise<Record<string, string>> {
  const copied = new Set<string>();
  const topLevel: Record<string, string> = {};
  const visit = async (name: string, fromDir: string, optional: boolean, isTopLevel: boolean): Promise<void> => {
    const dir = findPackageDir(name, fromDir);
    if (!dir) {
      if (optional) return;
      throw new Error(`bundle: ${name} is not installed (needed from ${path.relative(repoRoot, fromDir) || '.'})`);
    }
    const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
    if (isTopLevel) topLevel[name] = manifest.version;
    if (copied.has(dir)) return;
    copied.add(dir);
    await cp(dir, path.join(outDir, path.relative(repoRoot, dir)), { recursive: true, dereference: true });
    for (const dependency of Object.keys(manifest.dependencies ?? {})) await visit(dependency, dir, false, false);
    for (const dependency of Object.keys(manifest.optionalDependencies ?? {})) await visit(dependency, dir, true, false);
  };
  for (const name of names) await visit(name, repoRoot, false, true);
  return topLevel;
}

function externalImports(metafile: Metafile): string[] {
  const found = new Set<string>();
  for (const input of Object.values(metafile.inputs)) {
    for (const imported of input.imports) {
      if (imported.external && !imported.path.startsWith('node:') && !imported.path.startsWith('.')) {
        found.add(packageName(imported.path));
      }
    }
  }
  return [...found].filter((name) => externalPackages.includes(name)).sort();
}

/**
 * The API reference's renderer (gateway/src/routes/scalar-bundle.ts): one browser file of @scalar/api-reference, found
 * through the package's `style.css` export. Only those files ship, not the package's 250 dependencies.
 */
const SCALAR_FILES = ['package.json', 'dist/style.css', 'dist/browser/standalone.js'];

async function copyPackageFiles(name: string, files: string[], outDir: string): Promise<void> {
  const dir = findPackageDir(name, path.join(repoRoot, 'gateway'));
  if (!dir) throw new Error(`bundle: ${name} is not installed`);
  for (const file of files) {
    await mkdir(path.dirname(path.join(outDir, 'node_modules', name, file)), { recursive: true });
    await cp(path.join(dir, file), path.join(outDir, 'node_modules', name, file));
  }
}

async function bundleProcess(spec: DeployableProcess, outRoot: string): Promise<void> {
  const started = Date.now();
  const outDir = path.join(outRoot, spec.name);
  await rm(outDir, { recursive: true, force: true });
  const outFile = path.join(outDir, 'dist', `${path.basename(spec.entry, '.ts')}.mjs`);
  const result = await build({
    entryPoints: [path.join(repoRoot, spec.entry)],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: externalPackages,
    banner: { js: banner },
    sourcemap: 'linked',
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'error',
  });

  if (spec.migrations) {
    await cp(path.join(repoRoot, 'services', spec.migrations, 'drizzle'), path.join(outDir, 'drizzle'), { recursive: true });
  }
  if (spec.allMigrations) {
    for (const schema of schemas) {
      await cp(path.join(repoRoot, 'services', schema, 'drizzle'), path.join(outDir, 'migrations', schema), { recursive: true });
    }
  }
  if (spec.web) {
    const webDist = path.join(repoRoot, 'web', 'dist');
    if (existsSync(path.join(webDist, 'index.html'))) await cp(webDist, path.join(outDir, 'web'), { recursive: true });
    else
      process.stderr.write('bundle: web/dist is not built (npm run build -w web); the gateway image will serve the API only\n');
    await copyPackageFiles('@scalar/api-reference', SCALAR_FILES, outDir);
  }

  const dependencies = await copyProductionDependencies(externalImports(result.metafile), outDir);
  const manifest = { name: `mailwright-${spec.name}`, private: true, type: 'module', dependencies };
  await writeFile(path.join(outDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const size = (await readFile(outFile)).length;
  process.stdout.write(
    `bundle: ${spec.name.padEnd(11)} ${path.relative(repoRoot, outFile)} ${(size / 1024).toFixed(0)} KiB` +
      `${Object.keys(dependencies).length ? `, node_modules: ${Object.keys(dependencies).join(' ')}` : ''} (${Date.now() - started} ms)\n`,
  );
}

const { values, positionals } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: true });
const outRoot = path.resolve(values.out ?? path.join(repoRoot, 'infra', 'docker', 'dist'));
const unknown = positionals.filter((name) => !processes.some((spec) => spec.name === name));
if (unknown.length) {
  const known = processes.map((p) => p.name).join(', ');
  process.stderr.write(`bundle: unknown process ${unknown.join(', ')}; known: ${known}\n`);
  process.exit(2);
}
const selected = positionals.length ? processes.filter((spec) => positionals.includes(spec.name)) : processes;
await mkdir(outRoot, { recursive: true });
for (const spec of selected) await bundleProcess(spec, outRoot);
