// Peak resident memory (RSS) of every process of the stack per phase, and Redis's memory. Linux: VmHWM in
// /proc/<pid>/status is a process's peak RSS; writing 5 to /proc/<pid>/clear_refs (root, or the process's
// owner) resets it to the current RSS, so each phase reads its own peak. Where the reset is refused, the
// figure is the peak since the process started (`sinceStart`).
import { readFileSync, writeFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import type { Stack } from '../launcher/stack';
import { round } from './stats';

export interface PhaseMemory {
  /** Peak RSS in MB per process over the phase (Node processes of the stack, redis-server, the bench itself). */
  peakRssMb: Record<string, number>;
  /** True when a process's peak could not be reset at the phase's start (its figure is the peak since start). */
  sinceStart: boolean;
}

function statusKb(pid: number, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Peaks (kB) a nested window reset before its enclosing window read them (see `runPeaks`), per pid. */
const carriedKb = new Map<number, number>();

function resetPeak(pid: number): boolean {
  const before = statusKb(pid, 'VmHWM');
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    return false;
  }
  if (before !== null) carriedKb.set(pid, Math.max(carriedKb.get(pid) ?? 0, before));
  return true;
}

/** A process's peak RSS (kB) since its last window started: its VmHWM, or a higher peak a nested reset carried. */
function peakKb(pid: number): number | null {
  const kb = statusKb(pid, 'VmHWM');
  const carried = carriedKb.get(pid);
  return kb === null ? null : Math.max(kb, carried ?? 0);
}

function processPids(stack: Stack, redisPid: number | null): Map<string, number> {
  const pids = new Map<string, number>();
  for (const [name, running] of stack.processes) {
    const { pid, exitCode, signalCode } = running.child;
    if (pid && exitCode === null && signalCode === null) pids.set(name, pid);
  }
  if (redisPid) pids.set('redis-server', redisPid);
  pids.set('bench (client + sink)', process.pid);
  return pids;
}

/** Starts a phase's memory window: resets every process's peak; the returned function reads the peaks. */
export function memoryWindow(stack: Stack, redisPid: number | null): () => PhaseMemory {
  let sinceStart = false;
  for (const pid of processPids(stack, redisPid).values()) {
    if (!resetPeak(pid)) sinceStart = true;
    carriedKb.delete(pid);
  }
  return () => {
    const peakRssMb: Record<string, number> = {};
    // Processes started during the phase (added workers) count from their start, which is inside the phase.
    for (const [name, pid] of processPids(stack, redisPid)) {
      const kb = peakKb(pid);
      if (kb !== null) peakRssMb[name] = round(kb / 1024, 1);
    }
    return { peakRssMb, sinceStart };
  };
}

/**
 * A window inside a phase's (one scale-out run): resets the given processes' peaks and answers a function that
 * reads them (MB, by name). The phase's window still sees the higher peaks from before the reset.
 */
export function runPeaks(pids: Map<string, number>): () => Record<string, number> {
  for (const pid of pids.values()) resetPeak(pid);
  return () => {
    const peaks: Record<string, number> = {};
    for (const [name, pid] of pids) {
      const kb = statusKb(pid, 'VmHWM');
      if (kb !== null) peaks[name] = round(kb / 1024, 1);
    }
    return peaks;
  };
}

/** The highest peak of each process over every phase. */
export function overallPeaks(phases: Record<string, PhaseMemory>): Record<string, number> {
  const peaks: Record<string, number> = {};
  for (const phase of Object.values(phases)) {
    for (const [name, mb] of Object.entries(phase.peakRssMb)) peaks[name] = Math.max(peaks[name] ?? 0, mb);
  }
  return peaks;
}

/** The Redis server's pid (INFO server), to read its peak RSS when it runs on this machine. */
export async function redisPid(redis: Redis): Promise<number | null> {
  const pid = /^process_id:(\d+)/m.exec(await redis.info('server'))?.[1];
  try {
    return pid && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'redis-server' ? Number(pid) : null;
  } catch {
    return null; // another machine's or container's process
  }
}
