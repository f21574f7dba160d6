// Scheduling lateness: K emails scheduled for the same second; lateness = sink receive time − scheduled time.
import { type BenchContext, loadAverage, sleep } from '../context';
import { request } from '../http-client';
import { summarize } from '../stats';

export interface ScheduleResult {
  count: number;
  accepted: number;
  delivered: number;
  scheduledAt: string;
  /** Time between the last accept and the scheduled second (must be > 0 for a fair test). */
  marginMs: number;
  /** Deliveries before the scheduled second (must be 0). */
  earlyCount: number;
  p50LatenessMs: number;
  p99LatenessMs: number;
  maxLatenessMs: number;
  load: { one: number; five: number };
}

export async function measureSchedule(
  ctx: BenchContext,
  options: { count: number; leadMs: number; tag: string },
): Promise<ScheduleResult> {
  const scheduledMs = Math.ceil((Date.now() + options.leadMs) / 1000) * 1000;
  const scheduledAt = new Date(scheduledMs).toISOString();
  const url = new URL('/api/emails/api/send', ctx.stack.gatewayUrl);
  const times = ctx.sink.time(options.tag);
  let next = 0;
  let accepted = 0;
  const client = async () => {
    while (next < options.count) {
      const index = next++;
      const body = JSON.stringify({
        to: [`${options.tag}+${index}@bench.test`],
        subject: `Scheduled benchmark email ${index}`,
        body: `<p>Scheduled email ${index}</p>`,
        scheduledAt,
      });
      const response = await request(ctx.agent, url, { method: 'POST', headers: { 'x-api-key': ctx.user.apiKey }, body });
      if (response.status === 201) accepted += 1;
      else ctx.log(`  scheduled send refused: ${response.status} ${response.body.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: 32 }, client));
  const marginMs = scheduledMs - Date.now();
  ctx.log(`  ${accepted} emails scheduled for ${scheduledAt} (${marginMs} ms ahead)`);
  const deadline = scheduledMs + 60_000;
  while (times.length < accepted && Date.now() < deadline) await sleep(20);
  await sleep(200);
  const lateness = times.map((t) => t - scheduledMs);
  const summary = summarize(lateness);
  return {
    count: options.count,
    accepted,
    delivered: times.length,
    scheduledAt,
    marginMs,
    earlyCount: lateness.filter((ms) => ms < 0).length,
    p50LatenessMs: summary.p50Ms,
    p99LatenessMs: summary.p99Ms,
    maxLatenessMs: summary.maxMs,
    load: loadAverage(),
  };
}
