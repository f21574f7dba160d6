// Reading one figure back from a Prometheus text exposition (a service's or a worker's /metrics), for the tests and
// the benchmark.

const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** The sum of the series of `name` whose labels include every one of `labels`; 0 when there is none. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const close = line.lastIndexOf('}');
    const own = new Map([...line.slice(name.length + 1, close).matchAll(LABEL)].map((match) => [match[1], match[2]]));
    if (Object.entries(labels).every(([key, value]) => own.get(key) === value)) {
      // The value, then an optional timestamp.
      total += Number.parseFloat(line.slice(close + 1));
    }
  }
  return total;
}
