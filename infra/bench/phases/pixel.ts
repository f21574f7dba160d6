// Tracking: open-pixel requests per second and p99 through the gateway (closed loop at saturation), and how
// long until opens are visible in analytics (GET /api/emails/analytics/stats) and every hit is stored.
import autocannon from 'autocannon';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { type BenchContext, loadAverage, sendBody, sleep } from '../context';
import { cpuPerUnit, cpuSnapshot } from '../cpu-usage';
import { request } from '../http-client';
import { round } from '../stats';
import { waitForDeliveries } from './api-latency';

export interface PixelResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  errors: number;
  non2xx: number;
  connections: number;
  durationS: number;
  /** First pixel hit → every probe email shows as opened in analytics. */
  analyticsVisibleMs: number;
  /**
   * End of the load → every email's open events stored. Replayed hits are capped (the first open, then at most
   * one a minute per email), so the load adds at most one event per email per minute it lasts.
   */
  eventsStoredMs: number;
  eventsExpected: number;
  /** The most the cap allows for this load; more would mean replays are recorded uncapped. */
  eventsAllowed: number;
  eventsStored: number;
  load: { one: number; five: number };
  /** CPU milliseconds per pixel request per process during the load. */
  cpuMsPerRequest: Record<string, number>;
}

const PIXEL_PATH = /\/t\/o\/[A-Za-z0-9_-]{40}\.gif/;

async function pixelPaths(ctx: BenchContext, count: number, tag: string): Promise<string[]> {
  const raw = ctx.sink.capture(tag);
  const url = new URL('/api/emails/api/send', ctx.stack.gatewayUrl);
  for (let i = 0; i < count; i++) {
    const response = await request(ctx.agent, url, {
      method: 'POST',
      headers: { 'x-api-key': ctx.user.apiKey },
      body: sendBody(`${tag}+${i}@bench.test`, i),
    });
    if (response.status !== 201) throw new Error(`pixel email not accepted: ${response.status} ${response.body}`);
  }
  await waitForDeliveries(ctx, tag, count, 60_000);
  const paths: string[] = [];
  for (const text of raw) {
    const mail = await simpleParser(text);
    const match = typeof mail.html === 'string' ? PIXEL_PATH.exec(mail.html) : null;
    if (match) paths.push(match[0]);
  }
  if (paths.length !== count) throw new Error(`found ${paths.length} tracking pixels in ${raw.length} captured emails`);
  return paths;
}

async function openedCount(ctx: BenchContext): Promise<number> {
  const response = await request(ctx.agent, new URL('/api/emails/analytics/stats', ctx.stack.gatewayUrl), {
    method: 'GET',
    headers: { authorization: `Bearer ${ctx.user.token}` },
  });
  if (response.status !== 200) throw new Error(`analytics answered ${response.status}: ${response.body}`);
  return (JSON.parse(response.body) as { data: { opened: number } }).data.opened;
}

export async function measurePixel(
  ctx: BenchContext,
  options: { emails: number; durationS: number; connections: number; tag: string },
): Promise<PixelResult> {
  const paths = await pixelPaths(ctx, options.emails, options.tag);
  ctx.log(`  ${paths.length} tracking pixels read from delivered emails`);

  // Visibility: one open of each probe email, then poll analytics until all show.
  const baseline = await openedCount(ctx);
  const probeStart = Date.now();
  await Promise.all(paths.map((path) => request(ctx.agent, new URL(path, ctx.stack.gatewayUrl), { method: 'GET' })));
  let analyticsVisibleMs = Number.NaN;
  while (Date.now() - probeStart < 30_000) {
    if ((await openedCount(ctx)) >= baseline + paths.length) {
      analyticsVisibleMs = Date.now() - probeStart;
      break;
    }
    await sleep(25);
  }
  ctx.log(`  opens visible in analytics after ${analyticsVisibleMs} ms; pixel load for ${options.durationS} s`);

  const cpuBefore = cpuSnapshot(ctx.stack);
  const result = await autocannon({
    url: ctx.stack.gatewayUrl,
    connections: options.connections,
    duration: options.durationS,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  const loadEnd = Date.now();
  const cpuMsPerRequest = cpuPerUnit(cpuBefore, cpuSnapshot(ctx.stack), result.requests.total);
  const load = loadAverage();

  const eventsExpected = paths.length;
  const minutesOfHits = Math.ceil((Date.now() - probeStart) / 60_000);
  const eventsAllowed = paths.length * (1 + minutesOfHits);
  const db = new pg.Client({ connectionString: ctx.databaseUrl });
  await db.connect();
  const storedOpens = async () =>
    (await db.query<{ n: number }>(`select count(*)::int as n from mail.email_events where type = 'open'`)).rows[0]?.n ?? 0;
  let eventsStored = 0;
  let eventsStoredMs = Number.NaN;
  try {
    while (Date.now() - loadEnd < 60_000) {
      eventsStored = await storedOpens();
      if (eventsStored >= eventsExpected) {
        eventsStoredMs = Date.now() - loadEnd;
        break;
      }
      await sleep(50);
    }
    // Hits of the load still in flight (relay, buffer, queue) land within a second or two; none may pass the cap.
    const settleUntil = Date.now() + 3_000;
    while (Date.now() < settleUntil) {
      eventsStored = Math.max(eventsStored, await storedOpens());
      await sleep(100);
    }
  } finally {
    await db.end();
  }
  return {
    rps: round(result['2xx'] / result.duration, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    connections: options.connections,
    durationS: options.durationS,
    analyticsVisibleMs,
    eventsStoredMs,
    eventsExpected,
    eventsAllowed,
    eventsStored,
    load,
    cpuMsPerRequest,
  };
}
