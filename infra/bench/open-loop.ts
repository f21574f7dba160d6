// An open-loop load generator: requests are scheduled at a fixed arrival rate whatever the server does,
// and each latency is measured from the request's *scheduled* time, so a stalled server shows up in the
// percentiles instead of silently slowing the generator down (no coordinated omission).
import type http from 'node:http';
import { request } from './http-client';
import { type LatencySummary, percentile, round, summarize } from './stats';

export interface OpenLoopOptions {
  agent: http.Agent;
  ratePerSecond: number;
  durationMs: number;
  /** Builds request i (url, method, headers, body). */
  build: (index: number) => { url: URL; method: string; headers?: Record<string, string>; body?: string };
  /** Which status codes count as success. */
  ok?: (status: number) => boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface OpenLoopResult extends LatencySummary {
  sent: number;
  succeeded: number;
  errors: number;
  /** Error statuses / messages seen, with counts. */
  errorKinds: Record<string, number>;
  achievedRate: number;
  /** Largest gap between a request's scheduled and actual start (generator health). */
  maxDispatchLagMs: number;
  /**
   * p99 of the requests scheduled in each second of the run. A tail spread over every second is queueing; a few
   * seconds far above the rest are stalls (a pause in one process), which the overall p99 cannot tell apart.
   */
  perSecondP99Ms: number[];
}

export async function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const total = Math.round((options.ratePerSecond * options.durationMs) / 1000);
  const interval = 1000 / options.ratePerSecond;
  const ok = options.ok ?? ((status: number) => status >= 200 && status < 300);
  const latencies: number[] = [];
  const bySecond: number[][] = [];
  const errorKinds: Record<string, number> = {};
  let next = 0;
  let finished = 0;
  let succeeded = 0;
  let maxDispatchLagMs = 0;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  const record = (scheduledAt: number) => {
    const latency = performance.now() - scheduledAt;
    latencies.push(latency);
    const second = Math.floor((scheduledAt - start) / 1000);
    const inSecond = bySecond[second] ?? [];
    inSecond.push(latency);
    bySecond[second] = inSecond;
  };

  await new Promise<void>((resolve) => {
    const fire = () => {
      const now = performance.now();
      while (next < total && start + next * interval <= now) {
        const scheduledAt = start + next * interval;
        maxDispatchLagMs = Math.max(maxDispatchLagMs, now - scheduledAt);
        const spec = options.build(next);
        next += 1;
        pending.push(
          request(options.agent, spec.url, { method: spec.method, headers: spec.headers, body: spec.body })
            .then(
              (response) => {
                record(scheduledAt);
                if (ok(response.status)) succeeded += 1;
                else errorKinds[`HTTP ${response.status}`] = (errorKinds[`HTTP ${response.status}`] ?? 0) + 1;
              },
              (error: Error) => {
                record(scheduledAt);
                errorKinds[error.message] = (errorKinds[error.message] ?? 0) + 1;
              },
            )
            .finally(() => {
              finished += 1;
            }),
        );
      }
      if (next >= total) {
        clearInterval(timer);
        resolve();
      }
    };
    const timer = setInterval(fire, Math.max(1, Math.min(5, interval)));
    const progress = setInterval(() => {
      options.onProgress?.(finished, total);
      if (next >= total) clearInterval(progress);
    }, 2_000);
  });
  await Promise.all(pending);
  const elapsed = performance.now() - start;
  return {
    ...summarize(latencies),
    sent: total,
    succeeded,
    errors: total - succeeded,
    errorKinds,
    achievedRate: round((total / elapsed) * 1000, 1),
    maxDispatchLagMs: round(maxDispatchLagMs),
    perSecondP99Ms: [...bySecond].map((second) => (second ? round(percentile(second, 99)) : Number.NaN)),
  };
}
