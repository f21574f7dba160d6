// Busy samples of one stretch of a CPU profile counted per function, by self time or inclusive of callees (a
// function counted once per sample however often it recurs on the stack). profile-compare.ts sets two stretches side
// by side, each per unit of work done in it: the same process in a 1-worker and a 2-worker run, or before and after
// a quiet spell, showing whether a run did more work or the same work slower.
import { type CpuProfile, IDLE, type TimedSample } from './profile-samples';

type CallFrame = CpuProfile['nodes'][number]['callFrame'];

/** A script's URL made short: from the repository root, or from node_modules (`nm:`). */
export const shortUrl = (url: string) => url.replace(/^file:\/\/\/work\/main\//, '').replace(/.*node_modules\//, 'nm:');

/** "name path:line", the path as `shortUrl` gives it. */
export function functionKey({ functionName, url, lineNumber }: CallFrame): string {
  return `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}`;
}

export function tallyFunctions(
  profile: CpuProfile,
  samples: readonly TimedSample[],
  { inclusive }: { inclusive: boolean },
): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const keyOf = new Map(profile.nodes.map((node) => [node.id, functionKey(node.callFrame)]));
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const { nodeId } of samples) {
    if (byId.get(nodeId)?.callFrame.functionName === IDLE) continue;
    if (!inclusive) {
      add(keyOf.get(nodeId) as string);
      continue;
    }
    const onStack = new Set<string>();
    for (let id: number | undefined = nodeId; id !== undefined; id = parentOf.get(id)) onStack.add(keyOf.get(id) as string);
    for (const key of onStack) add(key);
  }
  return counts;
}
