// Summarises V8 .cpuprofile files (from `npm run bench -- --profile`): self time per function, top N; and
// .heapprofile files (BENCH_HEAP_PROFILE=1): bytes allocated per function, top N.
// Usage: tsx infra/bench/profile-summary.ts <file.cpuprofile | file.heapprofile> [top] [--from=<s>] [--to=<s>]
// [--timeline]. A CPU profile covers a process's whole life: --from/--to (seconds since it started) keep one stretch,
// and --timeline prints its busy samples per second instead, to find the stretches (runs, quiet spells).
import { readFileSync } from 'node:fs';
import { numberArg } from './cli-args';
import { busyPerSecond, type CpuProfile, samplesWithin, timedSamples } from './profile-samples';
import { functionKey, shortUrl } from './profile-tally';

type CallFrame = CpuProfile['nodes'][number]['callFrame'];

interface HeapNode {
  callFrame: CallFrame;
  selfSize: number;
  children: HeapNode[];
}

const args = process.argv.slice(2);
const [file, topArg] = args.filter((arg) => !arg.startsWith('--'));
if (!file) {
  process.stderr.write(
    'usage: profile-summary <file.cpuprofile | file.heapprofile> [top] [--from=<s>] [--to=<s>] [--timeline]\n',
  );
  process.exit(2);
}
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
const count = ({ functionName, url, lineNumber }: CallFrame, amount: number) => {
  const key = functionKey({ functionName, url, lineNumber });
  byFunction.set(key, (byFunction.get(key) ?? 0) + amount);
  const pkg = url.includes('node_modules/')
    ? (url
        .split('node_modules/')
        .pop()
        ?.split('/')
        .slice(0, url.split('node_modules/').pop()?.startsWith('@') ? 2 : 1)
        .join('/') ?? '')
    : url.startsWith('node:') || url === ''
      ? url || functionName
      : shortUrl(url).split('/').slice(0, 2).join('/');
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + amount);
};

let total = 0;
let unit = 'samples';
if (file.endsWith('.heapprofile')) {
  unit = 'bytes sampled';
  const walk = (node: HeapNode) => {
    if (node.selfSize > 0) count(node.callFrame, node.selfSize);
    total += node.selfSize;
    for (const child of node.children) walk(child);
  };
  walk((JSON.parse(readFileSync(file, 'utf8')) as { head: HeapNode }).head);
} else {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const samples = samplesWithin(timedSamples(profile), numberArg(args, 'from', 0), numberArg(args, 'to', Infinity));
  if (args.includes('--timeline')) {
    const lines = busyPerSecond(profile, samples).map((busy, second) => `${String(second).padStart(5)} s ${busy}`);
    process.stdout.write(`busy samples per second\n${lines.join('\n')}\n`);
    process.exit(0);
  }
  const hits = new Map<number, number>();
  for (const { nodeId } of samples) hits.set(nodeId, (hits.get(nodeId) ?? 0) + 1);
  for (const node of profile.nodes) {
    const hitCount = hits.get(node.id) ?? 0;
    if (hitCount > 0) count(node.callFrame, hitCount);
  }
  total = samples.length;
}
const top = Number(topArg ?? 25);
const print = (title: string, map: Map<string, number>) => {
  process.stdout.write(`\n${title}\n`);
  for (const [key, amount] of [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${((amount / total) * 100).toFixed(1).padStart(5)}%  ${key}\n`);
  }
};
print(`by package (${total} ${unit})`, byPackage);
print(unit === 'samples' ? 'by function (self time)' : 'by function (bytes allocated)', byFunction);
