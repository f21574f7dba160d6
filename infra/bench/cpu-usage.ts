// CPU time spent by each process of the stack (Linux /proc) and by the benchmark itself, so a phase can
// report CPU milliseconds per email per process: a cost figure that holds even on a busy, shared machine.
import { readdirSync, readFileSync } from 'node:fs';
import type { Stack } from '../launcher/stack';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * A process's CPU time so far (user + system, ms), or null when it is gone. With `reapedChildren`, also the CPU of
 * its children that have exited and been waited for (cutime + cstime).
 */
export function cpuMsOf(pid: number, reapedChildren = false): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]); // utime + stime
    return (reapedChildren ? own + Number(fields[13]) + Number(fields[14]) : own) * TICK_MS;
  } catch {
    return null;
  }
}

export type CpuSnapshot = Map<string, number>;

/** Every process's pid (/proc), none where /proc cannot be read. */
function livePids(): string[] {
  try {
    return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
}

/**
 * CPU of every process with this command name (Postgres backends, redis-server): shared with anything else using them.
 * A backend that exits between two snapshots moves its CPU into the postmaster's reaped-children time, so that is
 * counted too: summing the live processes alone lost every exited backend's whole CPU (a pool closing idle
 * connections during a run made Postgres's CPU per email read 0).
 */
function cpuMsOfCommand(names: string[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const pid of livePids()) {
    try {
      const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      if (!names.includes(comm)) continue;
      const ms = cpuMsOf(Number(pid), true);
      if (ms !== null) totals.set(comm, (totals.get(comm) ?? 0) + ms);
    } catch {
      // gone meanwhile
    }
  }
  return totals;
}

/** The live children of each process with any (nginx's workers under its master), by parent pid. */
function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const pid of livePids()) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(pid)]);
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/**
 * Each stack process's CPU with its children's: the edge's nginx works in worker processes (the Node processes
 * have none), and a worker that exited is in its master's reaped-children time.
 */
export function cpuSnapshot(stack: Stack): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  const children = childrenByParent();
  for (const [name, running] of stack.processes) {
    const pid = running.child.pid;
    const ms = pid ? cpuMsOf(pid, true) : null;
    if (ms === null || !pid) continue;
    const ofChildren = (children.get(pid) ?? []).reduce((sum, child) => sum + (cpuMsOf(child, true) ?? 0), 0);
    snapshot.set(name, ms + ofChildren);
  }
  for (const [name, ms] of cpuMsOfCommand(['postgres', 'redis-server'])) snapshot.set(`${name} (all, shared)`, ms);
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
    const per = Math.max(0, end - start) / Math.max(1, units);
    // Node processes of the stack only: Postgres/Redis are shared with other users of the machine.
    total += name.startsWith('bench') || name.includes('(all, shared)') ? 0 : per;
    result[name] = Math.round(per * 1000) / 1000;
  }
  result['platform total'] = Math.round(total * 1000) / 1000;
  return result;
}

/** The gateway's share of a phase's CPU per unit: with the edge in front, nginx's and the gateway's together. */
export const gatewayShare = (perUnit: Record<string, number>) =>
  Math.round(((perUnit.gateway ?? Number.NaN) + (perUnit.edge ?? 0)) * 1000) / 1000;
