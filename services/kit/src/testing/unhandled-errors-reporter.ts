// A vitest reporter that repeats the run's unhandled errors, one short block each, after the summary. Vitest
// prints them in full above the summary, where a CI log cut to its last lines loses them; this keeps the
// error's name, message and where it was thrown at the very end of the output.
import type { SerializedError } from 'vitest';
import type { Reporter } from 'vitest/reporters';

const MAX_FRAMES = 4;

function describeError(error: SerializedError): string {
  const origin = typeof error.VITEST_TEST_PATH === 'string' ? ` (while ${error.VITEST_TEST_PATH} ran)` : '';
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trim().startsWith('at '))
    .slice(0, MAX_FRAMES)
    .map((line) => `    ${line.trim()}`);
  const cause = error.cause ? `\n  caused by ${error.cause.name ?? 'Error'}: ${error.cause.message}` : '';
  return [`  ${error.name ?? 'Error'}: ${error.message}${origin}`, ...frames].join('\n') + cause;
}

export default class UnhandledErrorsReporter implements Reporter {
  onTestRunEnd(_modules: unknown, unhandledErrors: ReadonlyArray<SerializedError>): void {
    if (unhandledErrors.length === 0) return;
    const blocks = unhandledErrors.map(describeError).join('\n');
    process.stderr.write(`\nUnhandled errors of this run (${unhandledErrors.length}), repeated from above:\n${blocks}\n`);
  }
}
