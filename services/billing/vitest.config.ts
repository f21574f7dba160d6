import { serviceTestConfig } from '../kit/src/testing/vitest-config';

// Each test file gets its own database; running them one at a time keeps the shared 2-core machine usable.
export default serviceTestConfig({ fileParallelism: false });
