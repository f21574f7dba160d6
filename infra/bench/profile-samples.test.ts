import { describe, expect, it } from 'vitest';
import { busyPerSecond, type CpuProfile, samplesWithin, timedSamples } from './profile-samples';

const frame = (functionName: string) => ({ functionName, url: '', lineNumber: 0 });
// Node 1 idle, node 2 busy; samples at 0.5 s, 0.9 s, 1.2 s, 2.7 s.
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(idle)') },
    { id: 2, callFrame: frame('send') },
  ],
  samples: [2, 1, 2, 2],
  timeDeltas: [500_000, 400_000, 300_000, 1_500_000],
};

describe('profile samples in time', () => {
  it('dates each sample from the deltas before it', () => {
    expect(timedSamples(profile).map((sample) => sample.atS)).toEqual([0.5, 0.9, 1.2, 2.7]);
  });

  it('keeps the samples of a stretch, its end excluded', () => {
    expect(samplesWithin(timedSamples(profile), 0.9, 2.7).map((sample) => sample.atS)).toEqual([0.9, 1.2]);
  });

  it('counts the busy samples of each second, idle ones left out', () => {
    expect(busyPerSecond(profile, timedSamples(profile))).toEqual([1, 1, 1]);
  });
});
