import { describe, expect, it } from 'vitest';
import type { CpuProfile } from './profile-samples';
import { tallyFunctions } from './profile-tally';

const frame = (functionName: string) => ({ functionName, url: 'file:///work/main/w.mjs', lineNumber: 0 });
// root(1) → run(2) → send(3) → run(4, recursion) → write(5); root → (idle)(6)
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 6] },
    { id: 2, callFrame: frame('run'), children: [3] },
    { id: 3, callFrame: frame('send'), children: [4] },
    { id: 4, callFrame: frame('run'), children: [5] },
    { id: 5, callFrame: frame('write') },
    { id: 6, callFrame: frame('(idle)') },
  ],
  samples: [],
  timeDeltas: [],
};
const samples = [5, 5, 3, 6, 6, 6].map((nodeId, index) => ({ nodeId, atS: index }));

describe('functions tallied over a stretch of samples', () => {
  it('counts self time, idle left out', () => {
    expect(Object.fromEntries(tallyFunctions(profile, samples, { inclusive: false }))).toEqual({
      'write w.mjs:1': 2,
      'send w.mjs:1': 1,
    });
  });

  it('counts inclusive time once per sample, even for a function twice on the stack', () => {
    expect(Object.fromEntries(tallyFunctions(profile, samples, { inclusive: true }))).toEqual({
      'write w.mjs:1': 2,
      'run w.mjs:1': 3,
      'send w.mjs:1': 3,
      '(root) w.mjs:1': 3,
    });
  });
});
