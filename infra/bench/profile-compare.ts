// Two stretches of one CPU profile side by side, per unit of work (e.g. emails delivered) in each:
// `tsx infra/bench/profile-compare.ts <file.cpuprofile> <from>-<to>:<units> <from>-<to>:<units> [top] [--inclusive]`
// (seconds since the profile started, as `profile-summary --timeline` prints them). Prints the busy samples per 1,000
// units of each stretch, then the functions whose samples per 1,000 units differ most (self time, or with
// --inclusive their callees' too).
import { readFileSync } from 'node:fs';
import { type CpuProfile, samplesWithin, timedSamples } from './profile-samples';
import { tallyFunctions } from './profile-tally';

const args = process.argv.slice(2);
const [file, first, second, topArg] = args.filter((arg) => !arg.startsWith('--'));
const stretch = (text: string | undefined) => {
  const match = /^([\d.]+)-([\d.]+):(\d+)$/.exec(text ?? '');
  return match ? { from: Number(match[1]), to: Number(match[2]), units: Number(match[3]) } : null;
};
const stretches = [stretch(first), stretch(second)];
if (!file || !stretches[0] || !stretches[1]) {
  process.stderr.write('usage: profile-compare <file.cpuprofile> <from>-<to>:<units> <from>-<to>:<units> [top] [--inclusive]\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const samples = timedSamples(profile);
const inclusive = args.includes('--inclusive');
const [a, b] = stretches.map((s) => {
  const { from, to, units } = s as NonNullable<typeof s>;
  const within = samplesWithin(samples, from, to);
  const selfTime = tallyFunctions(profile, within, { inclusive: false });
  const tally = inclusive ? tallyFunctions(profile, within, { inclusive }) : selfTime;
  const perThousand = new Map([...tally].map(([key, n]) => [key, (n * 1000) / units]));
  const busy = [...selfTime.values()].reduce((sum, n) => sum + n, 0);
  return { perThousand, busy: (busy * 1000) / units };
}) as [{ perThousand: Map<string, number>; busy: number }, { perThousand: Map<string, number>; busy: number }];

const fixed = (n: number) => n.toFixed(1).padStart(8);
process.stdout.write(`busy samples per 1,000 units: ${a.busy.toFixed(1)} → ${b.busy.toFixed(1)}\n`);
process.stdout.write(
  `${'first'.padStart(8)}${'second'.padStart(8)}${'change'.padStart(8)}  function (${inclusive ? 'inclusive' : 'self'})\n`,
);
const rows = [...new Set([...a.perThousand.keys(), ...b.perThousand.keys()])].map((key) => {
  const before = a.perThousand.get(key) ?? 0;
  const after = b.perThousand.get(key) ?? 0;
  return { key, before, after, change: after - before };
});
rows.sort((x, y) => Math.abs(y.change) - Math.abs(x.change));
for (const { key, before, after, change } of rows.slice(0, Number(topArg ?? 30))) {
  process.stdout.write(`${fixed(before)}${fixed(after)}${fixed(change)}  ${key}\n`);
}
