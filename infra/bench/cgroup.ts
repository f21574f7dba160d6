// CPU quotas for the scale-out phase: one cgroup v1 `cpu` group per worker process under /sys/fs/cgroup/cpu
// (writable as root), so N workers get N × quota of CPU whatever else the machine runs, and a 2-core machine
// can show how delivery scales with workers.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CPU_ROOT = '/sys/fs/cgroup/cpu';
const PERIOD_US = 100_000;
const SHARES = 16_384;

/** Why the cgroup v1 cpu controller cannot be used here, or null when it can. */
export function cgroupUnavailable(): string | null {
  if (!existsSync(path.join(CPU_ROOT, 'cpu.cfs_quota_us'))) return `no cgroup v1 cpu controller at ${CPU_ROOT}`;
  const probe = path.join(CPU_ROOT, `mailwright-bench-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    return null;
  } catch (error) {
    return `${CPU_ROOT} is not writable (${(error as NodeJS.ErrnoException).code ?? String(error)}; run as root)`;
  }
}

/** Groups made by this process, removed by `removeCpuQuotaGroups` when a run is interrupted. */
const live = new Set<CpuQuotaGroup>();

export function removeCpuQuotaGroups(): void {
  for (const group of live) group.remove();
}

export class CpuQuotaGroup {
  readonly dir: string;

  /** `cores` of CPU per period (0.2 = 20 ms of every 100 ms); null: no cap until `limit` sets one. */
  constructor(name: string, cores: number | null) {
    this.dir = path.join(CPU_ROOT, name);
    if (!existsSync(this.dir)) mkdirSync(this.dir);
    writeFileSync(path.join(this.dir, 'cpu.cfs_period_us'), String(PERIOD_US));
    this.limit(cores);
    // A high weight so a loaded machine still gives the worker its whole quota (a group's default weight, 1024,
    // is one runnable task's: with 20 runnable tasks on 2 cores it would get 0.1 core); the quota caps it.
    writeFileSync(path.join(this.dir, 'cpu.shares'), String(SHARES));
    // No burst credit: the quota is a hard cap per period.
    if (existsSync(path.join(this.dir, 'cpu.cfs_burst_us'))) writeFileSync(path.join(this.dir, 'cpu.cfs_burst_us'), '0');
    live.add(this);
  }

  /** Caps the group at `cores` of CPU per period from now on, or lifts the cap (null). */
  limit(cores: number | null): void {
    writeFileSync(path.join(this.dir, 'cpu.cfs_quota_us'), cores === null ? '-1' : String(Math.round(PERIOD_US * cores)));
  }

  /** Moves a process (all its threads) into the group. */
  add(pid: number): void {
    writeFileSync(path.join(this.dir, 'cgroup.procs'), String(pid));
  }

  /** Periods in which the group ran out of quota, and the time it waited (cpu.stat). */
  throttling(): { periods: number; throttledPeriods: number; throttledMs: number } {
    const stat = readFileSync(path.join(this.dir, 'cpu.stat'), 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(stat)?.[1] ?? Number.NaN);
    return {
      periods: field('nr_periods'),
      throttledPeriods: field('nr_throttled'),
      throttledMs: Math.round(field('throttled_time') / 1e6),
    };
  }

  /** Moves any process still inside back to the root group, then removes the group. */
  remove(): void {
    live.delete(this);
    if (!existsSync(this.dir)) return;
    const procs = readFileSync(path.join(this.dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);
    for (const pid of procs) {
      try {
        writeFileSync(path.join(CPU_ROOT, 'cgroup.procs'), pid);
      } catch {
        // exited meanwhile
      }
    }
    rmdirSync(this.dir);
  }
}
