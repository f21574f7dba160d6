// The fault suites run every process from its production bundle, as its image starts it: what they kill, restart and
// flood is the code that ships, and a bundle starts in a fraction of tsx's time (the suites restart processes often).
// Built once for all the files, unless `npm test` built them for every suite; the test workers start after this and
// inherit TEST_BUNDLES_DIR (fault-stack.ts).
import { testBundles } from '../docker/build-bundles';

export function setup(): void {
  process.env.TEST_BUNDLES_DIR = testBundles((line) => console.log(`[faults] ${line}`), 'fault-bundles');
}
