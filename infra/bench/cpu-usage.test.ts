import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cpuMsOf } from './cpu-usage';

describe('cpuMsOf', () => {
  it('counts the CPU of exited, reaped children only when asked', () => {
    const reaped = () => (cpuMsOf(process.pid, true) as number) - (cpuMsOf(process.pid) as number);
    const before = reaped();
    // A child that burns 200 ms of its own CPU and exits; spawnSync waits for it, so its time lands in ours.
    const burn = 'while (process.cpuUsage().user < 200_000);';
    const child = spawnSync(process.execPath, ['-e', burn]);
    expect(child.status).toBe(0);
    expect(reaped() - before).toBeGreaterThanOrEqual(200);
  });

  it('answers null for a process that is gone', () => {
    const child = spawnSync(process.execPath, ['-e', '']);
    expect(cpuMsOf(child.pid as number)).toBeNull();
  });
});
