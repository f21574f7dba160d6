// The production bundles the bench can run every process from (`--bundled`), as each image runs it: the RSS and CPU
// production sees, not tsx's.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { rootDir } from './gateway-bench-options';

/**
 * Builds every process's bundle into <checkout>/test-artifacts/bench-bundles (infra/docker/bundle.ts) and answers the
 * folder; the checkout is this one unless another is given (gateway-cpu.ts --against).
 */
export function buildBundles(say: (line: string) => void, checkout = rootDir): string {
  const outDir = path.join(checkout, 'test-artifacts', 'bench-bundles');
  say(`building the production bundles into ${outDir}`);
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'infra/docker/bundle.ts', '--out', outDir], {
    cwd: checkout,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`building the bundles failed (exit ${built.status})`);
  return outDir;
}
