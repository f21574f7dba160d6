// `npm test`: every suite of the repository in two lanes, so that both cores stay busy and the long suites overlap.
//
// Lane A is the critical path: the mail service's tests, then the whole-stack suites that need them green first
// (e2e and browser tests, ops checks, the operator CLI, the quick benchmark). Lane B builds the web app and the
// production bundles (the browser tests wait for both), runs every other package's tests one package at a time,
// then the fault, fuzz and attack suites, which start their own Postgres, Redis and stack and so never meet lane A's
// servers' data. These wait for the browser tests to end: on a slow 2-core host Chromium alone kept the load at 12,
// and side by side the two ran 1,125 s (e2e, 749 s alone) and 1,265 s (faults, 297 s alone, its timing checks under
// that load).
// A failed step does not stop the others (every failure is reported at once); the exit code is 1 if any failed.
// A failed step's last failure lines are repeated just above the summary, so that the tail of a CI log names what
// failed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const infra = fileURLToPath(new URL('..', import.meta.url));
const turbo = (...args) => ['npx', ['turbo', 'run', ...args, '--env-mode=loose', '--output-logs=full']];
const vitest = (...args) => ['npx', ['vitest', 'run', ...args]];
const failureLinesKept = 12;
const failureLine = /(^|[\s:])(FAIL|×|✗)\s|\bError:|\b(AssertionError|Timed out|timed out|ERR!|failed)\b/;
/** A failure line, unless it is a passing test whose name says "failed" (✓ says 'Verification failed' …). */
const isFailureLine = (line) => failureLine.test(line) && !line.includes('✓');

const webBuild = step('web build', root, ...turbo('build', '--filter=@mailwright/web'));
// Every process's production bundle, built once (after the web app, which the gateway's bundle carries) for the
// stacks of the e2e and browser tests, the quick benchmark and the fault suites (infra/docker/build-bundles.ts).
process.env.TEST_BUNDLES_DIR = path.join(root, 'test-artifacts', 'test-bundles');
const bundles = after(webBuild, 'bundles', root, process.execPath, [
  '--import',
  'tsx',
  'infra/docker/bundle.ts',
  '--out',
  process.env.TEST_BUNDLES_DIR,
]);
let browserTestsEnded;
const browserTests = new Promise((resolve) => {
  browserTestsEnded = resolve;
});

const lanes = {
  A: [
    () => step('mail', root, ...turbo('test', '--filter=@mailwright/mail')),
    () => after(bundles, 'e2e and browser', infra, ...vitest()).finally(browserTestsEnded),
    () => step('ops checks', infra, ...vitest('--config', 'vitest.ops.config.ts')),
    () => step('operator CLI', infra, ...vitest('--config', 'admin/vitest.config.ts')),
    () => step('bench --quick', infra, ...vitest('--config', 'bench/vitest.config.ts')),
  ],
  B: [
    () => webBuild,
    () => bundles,
    () =>
      step(
        'packages',
        root,
        ...turbo('test', '--concurrency=1', '--continue', '--filter=!@mailwright/mail', '--filter=!@mailwright/infra'),
      ),
    () => browserTests.then(() => step('faults', infra, ...vitest('--config', 'vitest.faults.config.ts'))),
  ],
};

const started = Date.now();
const results = (
  await Promise.all(
    Object.values(lanes).map(async (lane) => {
      const done = [];
      for (const next of lane) done.push(await next());
      return done;
    }),
  )
).flat();

for (const result of results.filter((each) => !each.ok && each.failures.length > 0)) {
  console.log(`\nwhat failed in ${result.name}:`);
  for (const line of result.failures) console.log(`  ${line.slice(0, 200)}`);
}
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
console.log('\nnpm test, by step:');
for (const result of results) console.log(`  ${result.ok ? 'ok  ' : 'FAIL'} ${result.name.padEnd(16)} ${seconds(result.ms)}`);
console.log(`  total ${seconds(Date.now() - started)}`);
process.exitCode = results.every((result) => result.ok) ? 0 : 1;

/** Runs `command` after `before` has passed; if it failed, this step fails without running. */
async function after(before, name, cwd, command, args) {
  const { ok } = await before;
  if (!ok) {
    console.error(`[${name}] not run: a step it needs failed`);
    return { name, ok: false, ms: 0, failures: [] };
  }
  return step(name, cwd, command, args);
}

/**
 * Runs one command with each output line prefixed by the step's name; resolves with its outcome and the lines that
 * look like a failure (vitest's FAIL and × lines, errors, turbo's failed tasks): the last `failureLinesKept` of them,
 * where vitest's own summary of the failed tests is.
 */
function step(name, cwd, command, args) {
  const start = Date.now();
  const failures = [];
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        process.stdout.write(`[${name}] ${line}\n`);
        const plain = stripAnsi(line).trim();
        if (!isFailureLine(plain)) return;
        failures.push(plain);
        if (failures.length > failureLinesKept) failures.shift();
      });
    }
    child.on('error', (error) => {
      console.error(`[${name}] could not start: ${error.message}`);
      resolve({ name, ok: false, ms: Date.now() - start, failures: [`could not start: ${error.message}`] });
    });
    child.on('close', (code) => resolve({ name, ok: code === 0, ms: Date.now() - start, failures }));
  });
}

function stripAnsi(text) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what is being removed
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
