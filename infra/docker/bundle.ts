// Builds every deployable process into <out>/<name>/ (default infra/docker/dist, git-ignored): one bundled ESM file (dist/,
// named by package.json's main, and one beside it per worker thread it starts), the migrations it applies, the web app
// for the gateway, dist/tracing.mjs (+ dist/tracing-sdk.mjs) for the long-running processes, and a node_modules pruned
// to the production dependencies of the packages left out of the bundle (native addons, and what tracing patches:
// processes.ts externalPackages). Used by the Dockerfile and by CI without Docker.
//
//   node --import tsx infra/docker/bundle.ts [--out <dir>] [name ...]

import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type BuildOptions, build, type Metafile, type Plugin } from 'esbuild';
import { type DeployableProcess, externalPackages, processes, schemas } from './processes';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The tracing register module (services/kit), bundled as dist/tracing.mjs for every traced process. */
const TRACING_REGISTER = 'services/kit/src/tracing/register.ts';
/** What the register module imports when tracing is on: the OpenTelemetry SDK, bundled as dist/tracing-sdk.mjs. */
const TRACING_SDK = 'services/kit/src/tracing/start-tracing.ts';

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

/** Where Node looks for `name` from `fromDir` inside the output, nearest first (node_modules/node_modules is skipped). */
function lookupChain(name: string, fromDir: string, outDir: string): string[] {
  const chain: string[] = [];
  for (let dir = fromDir; dir.startsWith(outDir); dir = path.dirname(dir)) {
    if (path.basename(dir) !== 'node_modules') chain.push(path.join(dir, 'node_modules', name));
    if (dir === outDir) break;
  }
  return chain;
}

/**
 * Copies the external packages and their production dependency closure into <outDir>/node_modules, laid out afresh
 * (the bundles in <outDir>/dist resolve every external from <outDir>/node_modules, wherever the workspace had it):
 * each package goes as high as Node's lookup from its dependant allows, one version per place; a second version
 * of a package is nested under the dependant that needs it. `externals` maps each package to the directories of the
 * bundled files that import it (its version is the one Node resolves from there, which must be one for all).
 */
async function copyProductionDependencies(externals: Map<string, string[]>, outDir: string): Promise<Record<string, string>> {
  const placed = new Map<string, { source: string; version: string }>();
  const resolutions: Array<{ name: string; from: string; to: string }> = [];
  const topLevel: Record<string, string> = {};
  const place = async (name: string, sourceFrom: string, from: string, optional: boolean): Promise<string | undefined> => {
    const source = findPackageDir(name, sourceFrom);
    if (!source) {
      if (optional) return undefined;
      throw new Error(`bundle: ${name} is not installed (needed from ${path.relative(repoRoot, sourceFrom) || '.'})`);
    }
    const manifest = JSON.parse(await readFile(path.join(source, 'package.json'), 'utf8')) as PackageJson;
    // The farthest free place before the first one holding this package: there Node finds it from `from`.
    const chain = lookupChain(name, from, outDir);
    let target: string | undefined;
    for (const candidate of chain) {
      const there = placed.get(candidate);
      if (there) {
        if (there.version === manifest.version) target = candidate;
        break;
      }
      target = candidate;
    }
    if (!target) throw new Error(`bundle: ${name}@${manifest.version} (from ${from}) has no place in ${outDir}`);
    resolutions.push({ name, from, to: target });
    if (placed.has(target)) return target;
    placed.set(target, { source, version: manifest.version });
    await cp(source, target, {
      recursive: true,
      dereference: true,
      filter: (file) => file !== path.join(source, 'node_modules'),
    });
    for (const dependency of Object.keys(manifest.dependencies ?? {})) await place(dependency, source, target, false);
    for (const dependency of Object.keys(manifest.optionalDependencies ?? {})) await place(dependency, source, target, true);
    return target;
  };
  const distDir = path.join(outDir, 'dist');
  for (const [name, importerDirs] of [...externals].sort(([a], [b]) => a.localeCompare(b))) {
    // Every bundled import of `name` resolves from dist/ to node_modules/<name>: one version must serve them all.
    const sources = new Set(importerDirs.map((dir) => findPackageDir(name, dir)).filter((dir) => dir !== undefined));
    const versions = new Set<string>();
    for (const source of sources)
      versions.add((JSON.parse(await readFile(path.join(source, 'package.json'), 'utf8')) as PackageJson).version);
    if (versions.size > 1) {
      throw new Error(
        `bundle: the bundled code imports ${name} in versions ${[...versions].join(', ')}; only one can be at node_modules/${name}`,
      );
    }
    const target = await place(name, importerDirs[0] ?? repoRoot, distDir, false);
    if (target !== path.join(outDir, 'node_modules', name))
      throw new Error(`bundle: ${name} could not go to node_modules/${name}`);
    const manifest = JSON.parse(await readFile(path.join(target, 'package.json'), 'utf8')) as PackageJson;
    topLevel[name] = manifest.version;
  }
  // A package placed later must not hide, from an earlier dependant, the version that dependant was given.
  for (const { name, from, to } of resolutions) {
    const found = lookupChain(name, from, outDir).find((candidate) => placed.has(candidate));
    if (found !== to) throw new Error(`bundle: ${name} from ${path.relative(outDir, from)} would resolve to ${found}, not ${to}`);
  }
  return topLevel;
}

/** The external packages the bundles import, each with the directories of the files importing it (from the metafiles). */
function externalImports(metafiles: Metafile[]): Map<string, string[]> {
  const found = new Map<string, Set<string>>();
  for (const metafile of metafiles) {
    for (const [file, input] of Object.entries(metafile.inputs)) {
      for (const imported of input.imports) {
        if (!imported.external || imported.path.startsWith('node:') || imported.path.startsWith('.')) continue;
        const name = packageName(imported.path);
        if (!externalPackages.includes(name)) continue;
        const dirs = found.get(name) ?? new Set<string>();
        dirs.add(path.dirname(path.resolve(repoRoot, file)));
        found.set(name, dirs);
      }
    }
  }
  return new Map([...found].map(([name, dirs]) => [name, [...dirs]]));
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

/** The folder of the package that holds `file` (the nearest package.json with a name), with its name and version. */
function packageOf(file: string): { dir: string; name: string; version: string } | undefined {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifestFile = path.join(dir, 'package.json');
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Partial<PackageJson>;
    if (manifest.name && manifest.version) return { dir, name: manifest.name, version: manifest.version };
  }
  return undefined;
}

/**
 * One copy per package version: npm installs the OpenTelemetry packages the SDK is made of several times over (seven
 * copies of one @opentelemetry/core, each nested under a dependant); every import of a version already bundled is
 * pointed at the first copy's file.
 */
const onePerVersion: Plugin = {
  name: 'one-copy-per-version',
  setup(plugin) {
    const chosen = new Map<string, string>();
    plugin.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'one-copy-per-version' || args.path.startsWith('node:')) return undefined;
      const result = await plugin.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'one-copy-per-version',
      });
      if (result.errors.length || result.external || !path.isAbsolute(result.path)) return result;
      const owner = packageOf(result.path);
      if (!owner) return result;
      const key = `${owner.name}@${owner.version}`;
      const first = chosen.get(key);
      if (!first) chosen.set(key, owner.dir);
      return first && first !== owner.dir ? { ...result, path: path.join(first, path.relative(owner.dir, result.path)) } : result;
    });
  },
};

/**
 * dist/tracing-sdk.mjs is the same for every process: built once per run into <outRoot>/.tracing/sdk (as deep as
 * <outRoot>/<name>/dist, so its source map's relative paths hold in both) and copied.
 */
let sdkBuild: Promise<{ dir: string; metafile: Metafile }> | undefined;
function tracingSdk(common: BuildOptions, outRoot: string): Promise<{ dir: string; metafile: Metafile }> {
  const dir = path.join(outRoot, '.tracing', 'sdk');
  sdkBuild ??= build({
    ...common,
    entryPoints: [path.join(repoRoot, TRACING_SDK)],
    outfile: path.join(dir, 'tracing-sdk.mjs'),
    plugins: [onePerVersion],
  }).then((result) => ({ dir, metafile: result.metafile ?? { inputs: {}, outputs: {} } }));
  return sdkBuild;
}

async function bundleProcess(spec: DeployableProcess, outRoot: string): Promise<void> {
  const started = Date.now();
  const outDir = path.join(outRoot, spec.name);
  await rm(outDir, { recursive: true, force: true });
  const outFile = path.join(outDir, 'dist', `${path.basename(spec.entry, '.ts')}.mjs`);
  const common = {
    absWorkingDir: repoRoot,
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
  } satisfies BuildOptions;
  const result = await build({ ...common, entryPoints: [path.join(repoRoot, spec.entry)], outfile: outFile });
  const metafiles = [result.metafile];
  for (const thread of spec.threads ?? []) {
    const outfile = path.join(outDir, 'dist', `${path.basename(thread, '.ts')}.mjs`);
    metafiles.push((await build({ ...common, entryPoints: [path.join(repoRoot, thread)], outfile })).metafile);
  }
  if (spec.traced) {
    // dist/tracing.mjs, loaded with `node --import` before the entry: a few hundred bytes that read the environment.
    // The OpenTelemetry SDK is dist/tracing-sdk.mjs, which it imports only when an OTLP endpoint is configured.
    const sdk = await tracingSdk(common, outRoot);
    for (const file of ['tracing-sdk.mjs', 'tracing-sdk.mjs.map']) {
      await cp(path.join(sdk.dir, file), path.join(outDir, 'dist', file));
    }
    metafiles.push(sdk.metafile);
    const sdkFile = path.join(repoRoot, TRACING_SDK);
    const tracing = await build({
      ...common,
      entryPoints: [path.join(repoRoot, TRACING_REGISTER)],
      outfile: path.join(outDir, 'dist', 'tracing.mjs'),
      define: { MAILWRIGHT_PROCESS_NAME: JSON.stringify(spec.name) },
      plugins: [
        {
          name: 'tracing-sdk-beside',
          setup(plugin) {
            plugin.onResolve({ filter: /start-tracing$/ }, (args) =>
              path.resolve(args.resolveDir, `${args.path}.ts`) === sdkFile
                ? { path: './tracing-sdk.mjs', external: true }
                : undefined,
            );
          },
        },
      ],
    });
    metafiles.push(tracing.metafile);
  }

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

  const dependencies = await copyProductionDependencies(externalImports(metafiles), outDir);
  const main = path.relative(outDir, outFile);
  const manifest = { name: `mailwright-${spec.name}`, private: true, type: 'module', main, dependencies };
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
await rm(path.join(outRoot, '.tracing'), { recursive: true, force: true });
