// CPU time spent by each process of the stack (Linux /proc) and by the benchmark itself, so a phase can
// report CPU milliseconds per email per process: a cost figure that holds even on a busy, shared machine.
import { readFileSync } from 'node:fs';
import type { Stack } from '../launcher/stack';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function cpuMsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime + stime
  } catch {
    return null;
  }
}

export type CpuSnapshot = Map<string, number>;

export function cpuSnapshot(stack: Stack): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  for (const [name, running] of stack.processes) {
    const ms = running.child.pid ? cpuMsOf(running.child.pid) : null;
    if (ms !== null) snapshot.set(name, ms);
  }
  const self = process.cpuUsage();
  snapshot.set('bench (client + sink)', (self.user + self.system) / 1000);
  return snapshot;
}

/** CPU ms per unit of work for each process between two snapshots, plus the total. */
export function cpuPerUnit(before: CpuSnapshot, after: CpuSnapshot, units: number): Record<string, number> {
  const result: Record<string, number> = {};
  let total = 0;
  for (const [name, end] of after) {
    const start = before.get(name) ?? 0;
    const per = (end - start) / Math.max(1, units);
    total += name.startsWith('bench') ? 0 : per;
    result[name] = Math.round(per * 1000) / 1000;
  }
  result['platform total'] = Math.round(total * 1000) / 1000;
  return result;
}
