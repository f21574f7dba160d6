// `npx tsx infra/bench/smtp-only.ts [--messages=3000] [--connections=32] [--rounds=2] [--bundles=<dir>]
// [--against=<checkout>] [--process=mail] [--profile]`: the SMTP submission phase alone (phases/smtp-intake.ts) on
// its own stack, after a 500-message warm-up. With --against each round runs it twice, once with the process named
// by --process (the mail service by default, or smtp-intake) from this checkout's bundles and once from the other
// checkout's (built into its test-artifacts/bench-bundles), taking turns at going first: a before/after of a change
// to that process in one stack. Prints every run's messages per second and CPU per message per process, then each
// side's figures with their median. --profile writes each process's V8 CPU profile (its whole life) under
// `<logDir>/profiles`.
import path from 'node:path';
import { buildBundles } from '../docker/build-bundles';
import { withBenchStack } from './bench-stack';
import { numberArg, textArg } from './cli-args';
import { BENCH_BUNDLES, summaryLine } from './gateway-bench-options';
import { measureSmtpIntake, type SmtpIntakeResult } from './phases/smtp-intake';

const args = process.argv.slice(2);
const messages = numberArg(args, 'messages', 3_000);
const connections = numberArg(args, 'connections', 32);
const rounds = numberArg(args, 'rounds', 2);
const bundlesArg = textArg(args, 'bundles');
const against = textArg(args, 'against');
const measured = textArg(args, 'process') ?? 'mail';
const started = Date.now();
const log = (line: string) => process.stdout.write(`[smtp ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}\n`);

const bundleDir = bundlesArg ? path.resolve(bundlesArg) : buildBundles(log, BENCH_BUNDLES);
const sides = [{ label: 'this', bundleDir, runs: [] as SmtpIntakeResult[] }];
if (against)
  sides.push({ label: `against ${against}`, bundleDir: buildBundles(log, BENCH_BUNDLES, path.resolve(against)), runs: [] });

await withBenchStack({ bundleDir, profile: args.includes('--profile') }, log, async ({ ctx }) => {
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 === 1 ? sides : [...sides].reverse();
    for (const [turn, side] of order.entries()) {
      const tag = `smtp${round}${turn ? 'b' : ''}`;
      if (against) await ctx.stack.restart(measured, { bundleDir: side.bundleDir });
      await measureSmtpIntake(ctx, { messages: 500, connections, tag: `${tag}warm` });
      await ctx.autovacuum.catchUp();
      const run = await measureSmtpIntake(ctx, { messages, connections, tag });
      if (!run) throw new Error('the stack has no SMTP submission listener');
      side.runs.push(run);
      log(
        `round ${round} (${side.label}): ${run.acceptedPerSecond} messages/s, errors ${run.errors}, ` +
          `CPU ms per message ${JSON.stringify(run.cpuMsPerMessage)}`,
      );
    }
  }
});
const shown = [...new Set([measured, 'mail', 'smtp-intake', 'postgres (all, shared)', 'platform total'])];
for (const side of sides) {
  log(
    summaryLine(
      `messages/s (${side.label})`,
      side.runs.map((run) => run.acceptedPerSecond),
    ),
  );
  for (const name of shown) {
    const figures = side.runs.map((run) => run.cpuMsPerMessage[name] ?? Number.NaN);
    log(summaryLine(`${name} CPU ms per message (${side.label})`, figures));
  }
}
process.exit(0);
