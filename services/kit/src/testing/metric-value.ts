// Reading one figure back from a Prometheus text exposition (a service's or a worker's /metrics), for the tests and
// the benchmark.

const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** The sum of the series of `name` whose labels include every one of `labels`; 0 when there is none. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    let labelText = '';
    let valueText: string;
    if (line.startsWith(`${name}{`)) {
      const close = line.lastIndexOf('}');
      labelText = line.slice(name.length + 1, close);
      valueText = line.slice(close + 1);
    } else if (line.startsWith(`${name} `)) {
      valueText = line.slice(name.length); // a series without labels
    } else continue;
    const own = new Map([...labelText.matchAll(LABEL)].map((match) => [match[1], match[2]]));
    // The value, then an optional timestamp.
    if (Object.entries(labels).every(([key, value]) => own.get(key) === value)) total += Number.parseFloat(valueText);
  }
  return total;
}
