import { serviceTestConfig } from '../kit/src/testing/vitest-config';

// Each integration file starts listeners and stand-in services; one file at a time keeps timings honest on 2 cores.
export default serviceTestConfig({ fileParallelism: false });
