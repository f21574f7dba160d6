import { configDefaults } from 'vitest/config';
import { SERVICE_TEST_FILES, serviceTestConfig } from '../kit/src/testing/vitest-config';

/** Files that spend most of their time waiting on a real clock (a minute's window). */
const waitingOnTheClock = ['test/sender-minute-limit.test.ts'];

// Each integration file starts servers, workers and a database; running them one at a time keeps timings honest on
// 2 cores. A file that mostly waits for a real minute to pass runs beside that line instead of holding it up.
// (A project's include adds to the root's, which is why the root has none.)
export default serviceTestConfig({
  include: [],
  maxWorkers: 2,
  projects: [
    {
      extends: true,
      test: {
        name: 'mail',
        include: SERVICE_TEST_FILES,
        exclude: [...configDefaults.exclude, ...waitingOnTheClock],
        fileParallelism: false,
      },
    },
    {
      extends: true,
      // One file, so this changes nothing here; but without isolation vitest refuses two projects of one run whose
      // worker limits differ, and fileParallelism sets that limit.
      test: { name: 'mail (waiting on the clock)', include: waitingOnTheClock, fileParallelism: false },
    },
  ],
});
