// How far the worker's V8 heap grows before a full garbage collection. V8 lets the old generation grow to up to
// 4× what survived the last full collection (its factor when the heap limit is large, as on any machine with a
// few GB), and a worker's deliveries promote mid-lived objects (claimed rows and deliveries waiting their turn,
// reconciler pages) that then die there: a worker with ~35 MB live peaked at 270–300 MB RSS draining a backlog.
// A fixed, lower factor keeps that garbage to a fraction of the live set. The extra full collections are of a
// small heap and few (infra/bench/scale-out-only.ts, 20,000 emails: 10 instead of 9, +21 ms in all).
import { setFlagsFromString } from 'node:v8';

/** Sets V8's heap growing factor to 1 + percent / 100 for this process; 0 leaves V8's own heuristics. */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${Math.round(percent)}`);
}
