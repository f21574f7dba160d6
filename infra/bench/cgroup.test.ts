import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CpuQuotaGroup, cgroupUnavailable } from './cgroup';

const unavailable = cgroupUnavailable();
const quotaOf = (group: CpuQuotaGroup) => readFileSync(path.join(group.dir, 'cpu.cfs_quota_us'), 'utf8').trim();

describe.skipIf(unavailable !== null)('CpuQuotaGroup', () => {
  it('starts uncapped when asked, takes a cap later and lifts it again', () => {
    const group = new CpuQuotaGroup(`mailwright-bench-test-${process.pid}`, null);
    try {
      expect(quotaOf(group)).toBe('-1');
      group.limit(0.1);
      expect(quotaOf(group)).toBe('10000');
      group.limit(null);
      expect(quotaOf(group)).toBe('-1');
    } finally {
      group.remove();
    }
  });
});
