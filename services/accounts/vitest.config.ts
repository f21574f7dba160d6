import { serviceTestConfig } from '../kit/src/testing/vitest-config';

// Each file has its own database and servers; two at a time is plenty on a shared 2-core machine.
export default serviceTestConfig({ maxWorkers: 2 });
