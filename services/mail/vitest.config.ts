import { serviceTestConfig } from '../kit/src/testing/vitest-config';

// Each integration file starts servers, workers and a database; running them one at a time keeps timings honest on 2 cores.
export default serviceTestConfig({ fileParallelism: false });
