// A V8 .cpuprofile's samples in time: which node each sample hit, and when (seconds since the profile started), so
// that one stretch of a process's life (one run of a phase) can be summarised apart from the rest. A whole-life
// profile of a worker mixes its warm-ups, runs and quiet spells; the run after a quiet spell is what showed the young
// generation shrinking (bench README, issue 25 round 16).

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  samples: number[];
  /** Microseconds since the sample before (the first: since the profile started). */
  timeDeltas: number[];
}

export interface TimedSample {
  nodeId: number;
  atS: number;
}

/** The function name of the node that samples taken while the thread waited land on. */
export const IDLE = '(idle)';

/** Every sample with its time, in order. */
export function timedSamples(profile: CpuProfile): TimedSample[] {
  let atUs = 0;
  return profile.samples.map((nodeId, index) => {
    atUs += profile.timeDeltas[index] ?? 0;
    return { nodeId, atS: atUs / 1e6 };
  });
}

/** The samples taken from `fromS` (inclusive) to `toS` (exclusive). */
export function samplesWithin(samples: readonly TimedSample[], fromS: number, toS: number): TimedSample[] {
  return samples.filter((sample) => sample.atS >= fromS && sample.atS < toS);
}

/** Samples that hit anything but the idle node, per whole second since the start (index = second). */
export function busyPerSecond(profile: CpuProfile, samples: readonly TimedSample[]): number[] {
  const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === IDLE).map((node) => node.id));
  const perSecond: number[] = [];
  for (const { nodeId, atS } of samples) {
    const second = Math.floor(atS);
    while (perSecond.length <= second) perSecond.push(0);
    if (!idle.has(nodeId)) perSecond[second] = (perSecond[second] ?? 0) + 1;
  }
  return perSecond;
}
