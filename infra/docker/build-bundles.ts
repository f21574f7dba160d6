// Builds the production bundles (bundle.ts) for stacks that run every process as its image runs it, rather than from
// source through tsx: the benchmark's --bundled (the RSS and CPU production sees), the e2e stack and the fault suites.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds every process's bundle into <checkout>/test-artifacts/<folder> and answers that folder; the checkout is this
 * one unless another is given (gateway-cpu.ts --against).
 */
export function buildBundles(say: (line: string) => void, folder: string, checkout = repoRoot): string {
  const outDir = path.join(checkout, 'test-artifacts', folder);
  say(`building the production bundles into ${outDir}`);
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'infra/docker/bundle.ts', '--out', outDir], {
    cwd: checkout,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`building the bundles failed (exit ${built.status})`);
  return outDir;
}

/**
 * The bundles the e2e and fault suites run: those `npm test` built once for the whole run (TEST_BUNDLES_DIR, set by
 * infra/testing/run-all.mjs), else built now into test-artifacts/<folder> for a suite run on its own.
 */
export function testBundles(say: (line: string) => void, folder: string): string {
  return process.env.TEST_BUNDLES_DIR || buildBundles(say, folder);
}
