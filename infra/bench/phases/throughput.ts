// Delivery throughput: N emails accepted through the public API (X-API-Key, through the gateway) by a
// few concurrent clients, timed from the first accepted request to the last delivery at the sink.

import { type BenchContext, loadAverage, sendBody, sleep } from '../context';
import { cpuPerUnit, cpuSnapshot } from '../cpu-usage';
import { request } from '../http-client';
import { type PgCounters, pgCounters, pgWritesPerEmail } from '../pg-writes';
import { round } from '../stats';

export interface ThroughputResult {
  n: number;
  workers: number;
  accepted: number;
  rejected: number;
  rejectedKinds: Record<string, number>;
  delivered: number;
  lost: number;
  elapsedMs: number;
  emailsPerSecond: number;
  /** How fast the API accepted (the sending side alone). */
  acceptPerSecond: number;
  perEmailMs: number;
  /** CPU milliseconds per delivered email, per process (Linux), and the platform's total. */
  cpuMsPerEmail: Record<string, number>;
  /** The bench database's commits and rows inserted / updated / deleted per delivered email (every process's). */
  postgresWritesPerEmail: PgCounters;
  load: { one: number; five: number };
}

export async function measureThroughput(
  ctx: BenchContext,
  options: { n: number; workers: number; tag: string; concurrency?: number; stallTimeoutMs?: number },
): Promise<ThroughputResult> {
  const { n, tag } = options;
  const url = new URL('/api/emails/api/send', ctx.stack.gatewayUrl);
  const headers = { 'x-api-key': ctx.user.apiKey };
  const deliveries = ctx.sink.time(tag);
  const rejectedKinds: Record<string, number> = {};
  let next = 0;
  let accepted = 0;
  let firstAccept = 0;
  let lastAccept = 0;

  const progress = setInterval(() => {
    ctx.log(`  ${tag}: accepted ${accepted}/${n}, delivered ${deliveries.length}`);
  }, 2_000);
  try {
    const client = async () => {
      while (next < n) {
        const index = next++;
        try {
          const response = await request(ctx.agent, url, {
            method: 'POST',
            headers,
            body: sendBody(`${tag}+${index}@bench.test`, index),
          });
          if (response.status === 201) {
            accepted += 1;
            lastAccept = Date.now();
            if (firstAccept === 0) firstAccept = lastAccept;
          } else rejectedKinds[`HTTP ${response.status}`] = (rejectedKinds[`HTTP ${response.status}`] ?? 0) + 1;
        } catch (error) {
          const kind = (error as Error).message;
          rejectedKinds[kind] = (rejectedKinds[kind] ?? 0) + 1;
        }
      }
    };
    const pgBefore = await pgCounters(ctx.databaseUrl);
    const cpuBefore = cpuSnapshot(ctx.stack);
    const started = Date.now();
    await Promise.all(Array.from({ length: options.concurrency ?? 64 }, client));
    const wallAcceptMs = Date.now() - started;

    // Wait for every accepted email to reach the sink (or for progress to stop).
    const stallTimeout = options.stallTimeoutMs ?? 30_000;
    let seen = deliveries.length;
    let lastProgress = Date.now();
    while (deliveries.length < accepted && Date.now() - lastProgress < stallTimeout) {
      await sleep(20);
      if (deliveries.length !== seen) {
        seen = deliveries.length;
        lastProgress = Date.now();
      }
    }
    // Duplicates would arrive after the count is reached: give them a moment to show up.
    await sleep(300);
    const lastDelivery = deliveries.length > 0 ? (deliveries[deliveries.length - 1] as number) : Date.now();
    const elapsedMs = Math.max(1, lastDelivery - firstAccept);
    const delivered = deliveries.length;
    const cpuMsPerEmail = cpuPerUnit(cpuBefore, cpuSnapshot(ctx.stack), delivered);
    const postgresWritesPerEmail = await pgWritesPerEmail(ctx.databaseUrl, pgBefore, delivered);
    return {
      n,
      workers: options.workers,
      accepted,
      rejected: n - accepted,
      rejectedKinds,
      delivered,
      lost: Math.max(0, accepted - delivered),
      elapsedMs: round(elapsedMs, 0),
      emailsPerSecond: round((delivered / elapsedMs) * 1000, 1),
      acceptPerSecond: round((accepted / Math.max(1, wallAcceptMs)) * 1000, 1),
      perEmailMs: round(elapsedMs / Math.max(1, delivered), 4),
      cpuMsPerEmail,
      postgresWritesPerEmail,
      load: loadAverage(),
    };
  } finally {
    clearInterval(progress);
  }
}
