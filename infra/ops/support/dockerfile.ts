// Reading the Dockerfile's targets as Docker builds them: a target's instructions are its own after those of the
// stages it is built on (`FROM <stage> AS <target>`), and a later CMD, HEALTHCHECK or STOPSIGNAL replaces an
// earlier one.
const SINGLE_VALUED = ['CMD', 'HEALTHCHECK', 'STOPSIGNAL'];

interface Stage {
  base: string;
  lines: string[];
}

export function readStages(dockerfile: string): Map<string, Stage> {
  const stages = new Map<string, Stage>();
  let current: Stage | undefined;
  for (const line of dockerfile.split('\n')) {
    const from = /^FROM (\S+) AS (\S+)$/.exec(line);
    if (from?.[1] && from[2]) {
      current = { base: from[1], lines: [] };
      stages.set(from[2], current);
    } else current?.lines.push(line);
  }
  return stages;
}

/** The stages `name` is built on, nearest first, ending with the image it starts from. */
export function basesOf(stages: Map<string, Stage>, name: string): string[] {
  const bases: string[] = [];
  for (let stage = stages.get(name); stage; stage = stages.get(stage.base)) bases.push(stage.base);
  return bases;
}

/** The instructions target `name` runs with, from the stages below it up to (not including) `root`. */
export function targetText(stages: Map<string, Stage>, name: string, root = 'runtime'): string {
  const chain: Stage[] = [];
  for (let stage = stages.get(name); stage; stage = stage.base === root ? undefined : stages.get(stage.base)) {
    chain.unshift(stage);
  }
  const lines = chain.flatMap((stage) => stage.lines).filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const lastOf = new Map(
    SINGLE_VALUED.map((keyword) => [keyword, lines.findLastIndex((line) => line.startsWith(`${keyword} `))]),
  );
  return lines
    .filter((line, index) => {
      const keyword = line.split(' ', 1)[0] ?? '';
      return !SINGLE_VALUED.includes(keyword) || lastOf.get(keyword) === index;
    })
    .join('\n');
}
