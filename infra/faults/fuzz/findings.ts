// What the fuzz suite saw: figures for the report, one line per problem, and per-route counts for the
// table printed at the end. Every answer goes through `checkAnswer`: 5xx and stack traces are problems
// whatever the input was.
export const STACK_TRACE = /\n\s+at .+:\d+:\d+|node_modules\/|\/src\/.+\.ts|Error: .+\n/;

export const figures = {
  inputsTried: 0,
  fiveXx: 0,
  stackTraces: 0,
  withoutMessage: 0,
  acceptedInvalid: 0,
  halfWritten: 0,
  injectedHeaders: 0,
};

export const problems: string[] = [];

export interface RouteCounts {
  tried: number;
  refused: number;
  accepted: number;
  fiveXx: number;
}

export const perRoute = new Map<string, RouteCounts>();

/** A few distinct refusal messages per route (JSON report): shows what the inputs ran into. */
export const refusalSamples = new Map<string, Set<string>>();

export function countsFor(route: string): RouteCounts {
  const counts = perRoute.get(route) ?? { tried: 0, refused: 0, accepted: 0, fiveXx: 0 };
  perRoute.set(route, counts);
  return counts;
}

/**
 * A script the gateway serves as a file (the API reference's renderer): its code holds `Error: …` text by design,
 * which is no leaked trace. Its status is still checked.
 */
const isScriptFile = (route: string, status: number) => status === 200 && route.endsWith('.js');

/** Records one answer; returns where it happened (for further problems the caller finds). */
export function checkAnswer(route: string, label: string, answer: { status: number; text: string }): string {
  const counts = countsFor(route);
  figures.inputsTried += 1;
  counts.tried += 1;
  const where = `${route} [${label}] → ${answer.status}`;
  if (answer.status >= 500) {
    figures.fiveXx += 1;
    counts.fiveXx += 1;
    problems.push(`${where}: ${answer.text.slice(0, 200)}`);
  }
  if (!isScriptFile(route, answer.status) && STACK_TRACE.test(answer.text)) {
    figures.stackTraces += 1;
    problems.push(`${where}: stack trace in ${answer.text.slice(0, 200)}`);
  }
  if (answer.status >= 400) {
    counts.refused += 1;
    const samples = refusalSamples.get(route) ?? new Set<string>();
    refusalSamples.set(route, samples);
    if (samples.size < 4) samples.add(`${answer.status} ${answer.text.slice(0, 140)}`);
  } else counts.accepted += 1;
  return where;
}

export function noAnswer(route: string, label: string, error: unknown): void {
  figures.inputsTried += 1;
  problems.push(`${route} [${label}]: no answer (${String(error)})`);
}
