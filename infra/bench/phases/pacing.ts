// Per-sender pacing: one account limited to `perMinute` (PUT /api/email-accounts/{id}/limits) sends N emails,
// one recipient each, all queued at once through the batch API. Emails over the limit must stay queued (held,
// `hold: { reason, until }` in the log) and go out as the sliding minute frees, none failed. Figures from the
// sink's receive instants: the most deliveries in any 60 s window, and how close the first → last span came to
// the shortest one the limit allows (see stats.ts `pacingUtilisation`).
import { createBenchUser } from '../bench-user';
import { type BenchContext, loadAverage, sendBody, sleep } from '../context';
import { request } from '../http-client';
import { idealSpanMs, maxInWindow, pacingUtilisation, round } from '../stats';

export interface PacingResult {
  n: number;
  perMinute: number;
  /** The account's limits as the PUT answered them. */
  limitsApplied: unknown;
  accepted: number;
  delivered: number;
  /** Emails with status 'failed' in GET /api/emails at the end (must be 0: a limit holds, never fails). */
  failed: number;
  /** Emails still queued, scheduled or sending at the end (not delivered within the wait). */
  unfinished: number;
  /** Distinct emails seen with a `hold` by polling the log every 2 s while they waited (a lower bound). */
  held: number;
  holdReasons: Record<string, number>;
  /** The most sink deliveries in any sliding 60 s window (two deliveries < 60 s apart share a window). */
  maxPerMinute: number;
  /** (ceil(N / perMinute) − 1) × 60 s: the shortest first-to-last delivery span the limit allows. */
  idealSpanMs: number;
  /** First → last delivery at the sink. */
  actualSpanMs: number;
  /** idealSpan / actualSpan: 1 = as fast as the limit allows; > 1 = faster, i.e. the limit did not hold. */
  utilisation: number;
  /** First accepted batch → last delivery. */
  durationMs: number;
  rejectedKinds: Record<string, number>;
  load: { one: number; five: number };
}

interface LogPage {
  data: { id: string; hold: { reason: string; until: string | null } | null }[];
  pagination: { total: number; pages: number };
}

export async function measurePacing(
  ctx: BenchContext,
  options: { n: number; perMinute: number; batchSize?: number; tag?: string },
): Promise<PacingResult> {
  const { n, perMinute } = options;
  const batchSize = options.batchSize ?? 100;
  // The tag names the customer, its sender and its recipients (`<tag>+<i>@bench.test`).
  const tag = options.tag ?? 'pace';
  const user = await createBenchUser(ctx.stack.gatewayUrl, ctx.databaseUrl, ctx.sink.port, tag);
  const gateway = ctx.stack.gatewayUrl;
  const bearer = { authorization: `Bearer ${user.token}` };

  const put = await request(ctx.agent, new URL(`/api/email-accounts/${user.accountId}/limits`, gateway), {
    method: 'PUT',
    headers: bearer,
    body: JSON.stringify({ perMinute, perDay: null, recipientsPerDay: null }),
  });
  if (put.status !== 200) throw new Error(`PUT limits answered ${put.status}: ${put.body.slice(0, 300)}`);
  const limitsApplied = (JSON.parse(put.body) as { data?: { limits?: unknown } }).data?.limits ?? null;
  ctx.log(`  account limits now ${JSON.stringify(limitsApplied)}`);

  const deliveries = ctx.sink.time(tag);
  const rejectedKinds: Record<string, number> = {};
  const batchUrl = new URL('/api/emails/api/batch', gateway);
  let accepted = 0;
  let firstAccept = 0;
  for (let first = 0; first < n; first += batchSize) {
    const emails = Array.from({ length: Math.min(batchSize, n - first) }, (_, k) =>
      JSON.parse(sendBody(`${tag}+${first + k}@bench.test`, first + k)),
    );
    const response = await request(ctx.agent, batchUrl, {
      method: 'POST',
      headers: { 'x-api-key': user.apiKey },
      body: JSON.stringify({ emails }),
    });
    if (response.status !== 207) {
      rejectedKinds[`HTTP ${response.status}`] = (rejectedKinds[`HTTP ${response.status}`] ?? 0) + 1;
      continue;
    }
    const result = JSON.parse(response.body) as { accepted: number; rejected: number };
    accepted += result.accepted;
    if (result.rejected > 0) rejectedKinds['rejected in batch'] = (rejectedKinds['rejected in batch'] ?? 0) + result.rejected;
    if (firstAccept === 0) firstAccept = Date.now();
  }
  ctx.log(
    `  ${accepted}/${n} emails accepted; the limit allows the last to go ${idealSpanMs(n, perMinute) / 1000} s after the first`,
  );

  // Which emails waited with a hold: the log's queued (and scheduled) entries, every 2 s while any remain.
  const heldIds = new Set<string>();
  const holdReasons: Record<string, number> = {};
  const logPage = async (status: string, page: number): Promise<LogPage | null> => {
    const url = new URL(`/api/emails?status=${status}&limit=100&page=${page}`, gateway);
    const response = await request(ctx.agent, url, { method: 'GET', headers: bearer }).catch(() => null);
    return response?.status === 200 ? (JSON.parse(response.body) as LogPage) : null;
  };
  let polling = true;
  const pollHolds = async () => {
    while (polling) {
      for (const status of ['queued', 'scheduled']) {
        for (let page = 1; polling; page++) {
          const found = await logPage(status, page);
          if (!found) break;
          for (const email of found.data) {
            if (!email.hold || heldIds.has(email.id)) continue;
            heldIds.add(email.id);
            holdReasons[email.hold.reason] = (holdReasons[email.hold.reason] ?? 0) + 1;
          }
          if (page >= found.pagination.pages) break;
        }
      }
      await sleep(2_000);
    }
  };
  const polled = pollHolds();

  // Until every accepted email is delivered or none has come for longer than a minute window (+ slack):
  // a paced sender is legitimately silent for up to 60 s between groups.
  const progress = setInterval(() => {
    ctx.log(`  ${tag}: delivered ${deliveries.length}/${accepted}, seen held ${heldIds.size}`);
  }, 5_000);
  try {
    const stallTimeout = 90_000;
    let seen = 0;
    let lastProgress = Date.now();
    while (deliveries.length < accepted && Date.now() - lastProgress < stallTimeout) {
      await sleep(50);
      if (deliveries.length !== seen) {
        seen = deliveries.length;
        lastProgress = Date.now();
      }
    }
    await sleep(300);
  } finally {
    clearInterval(progress);
    polling = false;
    await polled;
  }

  const count = async (status: string) => (await logPage(status, 1))?.pagination.total ?? Number.NaN;
  const [failed, queued, scheduled, sending] = await Promise.all(['failed', 'queued', 'scheduled', 'sending'].map(count));
  const first = deliveries.length > 0 ? Math.min(...deliveries) : Number.NaN;
  const last = deliveries.length > 0 ? Math.max(...deliveries) : Number.NaN;
  return {
    n,
    perMinute,
    limitsApplied,
    accepted,
    delivered: deliveries.length,
    failed: failed as number,
    unfinished: (queued as number) + (scheduled as number) + (sending as number),
    held: heldIds.size,
    holdReasons,
    maxPerMinute: maxInWindow(deliveries, 60_000),
    idealSpanMs: idealSpanMs(deliveries.length, perMinute),
    actualSpanMs: round(last - first, 0),
    utilisation: pacingUtilisation(deliveries.length, perMinute, first, last),
    durationMs: round(last - firstAccept, 0),
    rejectedKinds,
    load: loadAverage(),
  };
}
