// Fairness between tenants: tenant A has a backlog of N emails and, while it drains, tenant B (another customer
// with its own sender account) sends single emails spaced evenly over A's run. B's figure is each email's
// accepted → delivered time: accepted when the API answered 201, delivered when the sink received it (matched
// by B's unique recipient address). With fair slots B does not wait behind A's backlog.
//
// A's emails go through the batch API all due at the same whole second (`scheduledAt`, like a campaign set
// for 9:00), so the whole backlog is queued at once when that second comes: sent to be due at once, on a
// 2-core machine where accepting costs as much CPU as delivering, the backlog would never grow (the accept
// rate is the delivery rate; a first version measured a median backlog of 59 emails behind B's probes).
import { createBenchUser } from '../bench-user';
import { type BenchContext, loadAverage, sendBody, sleep } from '../context';
import { request } from '../http-client';
import { round, summarize } from '../stats';

export interface FairnessResult {
  /** Tenant A's emails, queued through POST /api/emails/api/batch. */
  aEmails: number;
  aAccepted: number;
  aDelivered: number;
  /** The second every A email was due. */
  aDueAt: string;
  /** Last A accept → the due second (> 0: the whole backlog was queued before it came due). */
  aMarginMs: number;
  /** A's emails sent without scheduledAt because the due second was less than a second away. */
  aSentUnscheduled: number;
  /** A's due second → A's last delivery: the drain of the backlog. */
  aElapsedMs: number;
  /** A's throughput during the phase (delivered / elapsed), with B's emails going out meanwhile. */
  aEmailsPerSecond: number;
  aAcceptPerSecond: number;
  /** Tenant B's single emails, the i-th sent once A has delivered (i + ½) / count of its backlog. */
  bEmails: number;
  bSent: number;
  bAccepted: number;
  bDelivered: number;
  /** B's emails accepted and never delivered within the wait. */
  bLost: number;
  /** B's accepted → delivered (sink receipt), over the delivered ones. */
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** A's emails accepted but not yet delivered when each B email was accepted: the queue B competed with. */
  aBacklogAtBSendMedian: number;
  rejectedKinds: Record<string, number>;
  load: { one: number; five: number };
}

export async function measureFairness(
  ctx: BenchContext,
  options: {
    aEmails: number;
    bEmails: number;
    batchSize: number;
    batchConcurrency: number;
    /** How far ahead A's due second is: enough for the API to accept every A email first. */
    leadMs: number;
    stallTimeoutMs?: number;
  },
): Promise<FairnessResult> {
  const { aEmails, bEmails, batchSize } = options;
  const [tenantA, tenantB] = await Promise.all([
    createBenchUser(ctx.stack.gatewayUrl, ctx.databaseUrl, ctx.sink.port, 'fair-a'),
    createBenchUser(ctx.stack.gatewayUrl, ctx.databaseUrl, ctx.sink.port, 'fair-b'),
  ]);
  const aDeliveries = ctx.sink.time('faira');
  const bDelivered = ctx.sink.timeByRecipient('fairb');
  const rejectedKinds: Record<string, number> = {};
  const reject = (kind: string) => {
    rejectedKinds[kind] = (rejectedKinds[kind] ?? 0) + 1;
  };

  // Tenant A: batches of `batchSize` from a few concurrent clients, as fast as the API takes them, all due at
  // one second; a batch sent less than a second before it goes unscheduled (the API refuses a past time).
  const dueMs = Math.ceil((Date.now() + options.leadMs) / 1000) * 1000;
  const dueAt = new Date(dueMs).toISOString();
  let aSentUnscheduled = 0;
  const batchUrl = new URL('/api/emails/api/batch', ctx.stack.gatewayUrl);
  let nextBatch = 0;
  let aAccepted = 0;
  let aLastAccept = 0;
  let aStarted = 0;
  const batches = Math.ceil(aEmails / batchSize);
  const aClient = async () => {
    while (nextBatch < batches) {
      const batch = nextBatch++;
      const first = batch * batchSize;
      const scheduled = Date.now() < dueMs - 1_000;
      const count = Math.min(batchSize, aEmails - first);
      if (!scheduled) aSentUnscheduled += count;
      const emails = Array.from({ length: count }, (_, k) =>
        JSON.parse(sendBody(`faira+${first + k}@bench.test`, first + k, scheduled ? { scheduledAt: dueAt } : {})),
      );
      try {
        const response = await request(ctx.agent, batchUrl, {
          method: 'POST',
          headers: { 'x-api-key': tenantA.apiKey },
          body: JSON.stringify({ emails }),
        });
        if (response.status !== 207) {
          reject(`A: HTTP ${response.status}`);
          continue;
        }
        const result = JSON.parse(response.body) as { accepted: number; rejected: number };
        aAccepted += result.accepted;
        if (result.rejected > 0)
          rejectedKinds['A: rejected in batch'] = (rejectedKinds['A: rejected in batch'] ?? 0) + result.rejected;
        aLastAccept = Date.now();
      } catch (error) {
        reject(`A: ${(error as Error).message}`);
      }
    }
  };

  // Tenant B: one email each time A's deliveries pass the next (i + ½) / bEmails share of its backlog.
  const sendUrl = new URL('/api/emails/api/send', ctx.stack.gatewayUrl);
  const bAcceptedAt = new Map<string, number>();
  const backlogAtB: number[] = [];
  const bRequests: Promise<void>[] = [];
  let bSent = 0;
  const sendB = (index: number) => {
    const to = `fairb+${index}@bench.test`;
    bSent += 1;
    bRequests.push(
      request(ctx.agent, sendUrl, {
        method: 'POST',
        headers: { 'x-api-key': tenantB.apiKey },
        body: sendBody(to, index, { subject: `Fairness probe ${index}` }),
      }).then(
        (response) => {
          if (response.status === 201) {
            bAcceptedAt.set(to, Date.now());
            backlogAtB.push(Math.max(0, aAccepted - aDeliveries.length));
          } else reject(`B: HTTP ${response.status}`);
        },
        (error: unknown) => reject(`B: ${(error as Error).message}`),
      ),
    );
  };

  const progress = setInterval(() => {
    ctx.log(`  fairness: A accepted ${aAccepted}/${aEmails}, delivered ${aDeliveries.length}; B sent ${bSent}/${bEmails}`);
  }, 2_000);
  try {
    aStarted = Date.now();
    const aSending = Promise.all(Array.from({ length: options.batchConcurrency }, aClient)).then(() => {
      ctx.log(`  A: ${aAccepted} emails accepted, due at ${dueAt} (${dueMs - Date.now()} ms ahead)`);
    });
    const stallTimeout = options.stallTimeoutMs ?? 30_000;
    let seen = 0;
    let lastProgress = Date.now();
    let aDone = false;
    void aSending.then(() => {
      aDone = true;
    });
    // Until A's backlog has drained (or stopped moving): B's probes on A's progress.
    // (Nothing is due before A's second: the stall clock starts there.)
    while (!(aDone && aDeliveries.length >= aAccepted) && Date.now() - Math.max(lastProgress, dueMs) < stallTimeout) {
      while (bSent < bEmails && aDeliveries.length >= Math.floor(((bSent + 0.5) * aEmails) / bEmails)) sendB(bSent);
      await sleep(5);
      if (aDeliveries.length !== seen) {
        seen = aDeliveries.length;
        lastProgress = Date.now();
      }
    }
    await aSending;
    await Promise.all(bRequests);
    // B's last probes are still on their way when A's last email lands.
    const deadline = Date.now() + stallTimeout;
    while ([...bAcceptedAt.keys()].some((to) => !bDelivered.has(to)) && Date.now() < deadline) await sleep(20);
    await sleep(300);

    const latencies: number[] = [];
    for (const [to, acceptedAt] of bAcceptedAt) {
      const deliveredAt = bDelivered.get(to);
      if (deliveredAt !== undefined) latencies.push(Math.max(0, deliveredAt - acceptedAt));
    }
    const summary = summarize(latencies);
    const lastA = aDeliveries.length > 0 ? (aDeliveries[aDeliveries.length - 1] as number) : Date.now();
    const aElapsedMs = Math.max(1, lastA - Math.min(dueMs, aDeliveries[0] ?? dueMs));
    const sortedBacklog = backlogAtB.sort((a, b) => a - b);
    return {
      aEmails,
      aAccepted,
      aDelivered: aDeliveries.length,
      aDueAt: dueAt,
      aMarginMs: dueMs - aLastAccept,
      aSentUnscheduled,
      aElapsedMs: round(aElapsedMs, 0),
      aEmailsPerSecond: round((aDeliveries.length / aElapsedMs) * 1000, 1),
      aAcceptPerSecond: round((aAccepted / Math.max(1, aLastAccept - aStarted)) * 1000, 1),
      bEmails,
      bSent,
      bAccepted: bAcceptedAt.size,
      bDelivered: latencies.length,
      bLost: bAcceptedAt.size - latencies.length,
      count: summary.count,
      p50Ms: summary.p50Ms,
      p99Ms: summary.p99Ms,
      maxMs: summary.maxMs,
      aBacklogAtBSendMedian: sortedBacklog[Math.floor(sortedBacklog.length / 2)] ?? 0,
      rejectedKinds,
      load: loadAverage(),
    };
  } finally {
    clearInterval(progress);
  }
}
