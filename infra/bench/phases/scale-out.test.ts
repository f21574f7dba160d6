import { describe, expect, it } from 'vitest';
import { fittedQuota } from './scale-out';

describe('fittedQuota', () => {
  it('keeps the quota asked for when the most workers stay within half of the platform', () => {
    // A slow host: one worker at 0.1 core delivered 82/s, 4 ask for 328 of the platform's 658/s.
    expect(fittedQuota(0.1, 82, 658, 4).fittedCpu).toBe(0.1);
  });

  it('lowers the quota in proportion when the most workers would ask for more', () => {
    // A fast host: 460/s at 0.1 core, 4 would ask for 1,840 of 2,452/s; half of it is 306.5 per worker.
    const fit = fittedQuota(0.1, 460, 2_452, 4);
    expect(fit.fittedCpu).toBe(0.067);
    expect(fit).toMatchObject({ askedCpu: 0.1, oneWorkerRate: 460, platformRate: 2_452 });
  });

  it('never goes below the least useful quota', () => {
    expect(fittedQuota(0.1, 5_000, 500, 4).fittedCpu).toBe(0.02);
  });
});
