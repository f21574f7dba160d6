// Scale-out under CPU quotas: each mail worker runs in its own cgroup v1 `cpu` group capped at `cpuPerWorker`
// cores, and the same N emails are delivered with 1, 2, 4, 4, 2 and 1 capped workers. Capped, the workers are the
// bottleneck (not the gateway, the mail service, Postgres or the load generator sharing the machine's cores),
// so the delivered rate should grow with the worker count: `ratio2` = rate(2) / rate(1), `ratio4` = rate(4) / rate(1),
// each rate the mean of that count's two runs.
//
// Each run queues its N emails through the batch API, all due at one whole second (as the fairness phase does),
// so the capped workers sit idle while the backlog is accepted and then drain all of it at once: the run times
// the drain alone (first → last delivery at the sink), not how fast the API accepts. Between the last accept and
// the due second the emails wait in Redis as delayed jobs, which is where Redis's bytes per queued email are read.
// Newly started workers first deliver a warm-up that no figure counts, without a cap, and are capped after it: a
// cold worker compiles its hot paths as it delivers, and at 0.1 core that compiling ran inside its quota for
// thousands of emails (a worker is measured as it runs for hours, not in its first minute). With 4 workers,
// before the counts go down, a sender limited per minute then checks that the limit holds exactly across them; the
// count after that quiet check gets a capped warm-up again, as a count with new workers does.
import { mailWorkerProcess } from '@mailwright/contracts';
import { metricValue } from '@mailwright/kit/testing';
import type { Redis } from 'ioredis';
import { CpuQuotaGroup, cgroupUnavailable } from '../cgroup';
import { type BenchContext, loadAverage, sendBody, sleep } from '../context';
import { cpuPerUnit, cpuSnapshot } from '../cpu-usage';
import { request } from '../http-client';
import { runPeaks } from '../memory';
import { meanRatio, mirrored, ratesByShare, round } from '../stats';
import { activityPerUnit, POSTGRES_REPORT_DELAY_MS, type StoreActivityPerUnit, storeActivity } from '../store-activity';
import { measurePacing, type PacingResult } from './pacing';

export interface ScaleOutRun {
  workers: number;
  accepted: number;
  delivered: number;
  /** Batch calls that failed (status or error, with counts); their emails are not in `accepted`. */
  failedBatches: Record<string, number>;
  /** Emails sent without scheduledAt because the due second was less than a second away (0 when the lead held). */
  sentUnscheduled: number;
  /** Last accept → the due second (> 0: the whole backlog was queued before it came due). */
  marginMs: number;
  /** The due second → first delivery. */
  firstDeliveryAfterDueMs: number;
  /** First → last delivery at the sink. */
  drainMs: number;
  emailsPerSecond: number;
  /** The delivered rate within each fifth of the drain's deliveries: a slow last fifth is workers left idle. */
  ratesByFifth: number[];
  /** The run's bytes in Redis per queued email (its queue keys' MEMORY USAGE, and INFO used_memory), before due. */
  redisBytesPerEmail: number;
  redisUsedMemoryBytesPerEmail: number;
  /** CPU ms per delivered email per process over the drain. */
  cpuMsPerEmail: Record<string, number>;
  /** Per worker: send jobs it completed over the drain (its emails ÷ these is the size of the jobs it ran). */
  completedJobs: number[];
  /** Per worker: send jobs it put back over the drain because their account's line in it was full (fair slots). */
  stepAsides: number[];
  /** Per worker: deliveries it handed back to wait for their sender over the drain (emails_held_total, any reason). */
  held: number[];
  /** Per worker: send jobs not yet started that it gave back to a worker that ran dry (work sharing). */
  givenBack: number[];
  /** Per worker: emails it gave back unsent because its job's lock was gone (emails_released_total). */
  released: number[];
  /** Per worker: periods in which its quota ran out over the drain, of all periods (1 = always at the cap). */
  throttledShare: number[];
  /** Peak RSS in MB of each capped worker over the run (queueing and drain). */
  workerPeakRssMb: Record<string, number>;
  /** Redis commands and Postgres commits and row writes per delivered email over the drain (`storeActivity`). */
  storesPerEmail?: StoreActivityPerUnit;
  load: { one: number; five: number };
}

export type ScaleOutResult =
  | {
      skipped: false;
      /** Emails per run. */
      n: number;
      /** Each capped worker's quota in cores: the one asked for, or lower where the fit below lowered it. */
      cpuPerWorker: number;
      /** How the quota was fitted to the machine (null: no platform rate given, the quota asked for ran). */
      quotaFit: QuotaFit | null;
      /** The worker counts in the order they ran: up, then the same counts down again. */
      sequence: number[];
      runs: ScaleOutRun[];
      /** The unmeasured runs that warmed up newly started workers (their emails count in the bench's totals). */
      warmups: ScaleOutRun[];
      /** Mean rate of the 2-worker runs ÷ mean rate of the 1-worker runs (4 workers likewise). */
      ratio2: number;
      ratio4: number;
      /** The same ratios within each half of the sequence (up, down): how far the machine moved them. */
      ratiosByHalf: { ratio2: number[]; ratio4: number[] };
      /** A sender limited per minute, delivered by the 4 capped workers: most in any 60 s, utilisation. */
      limitsAcrossWorkers: PacingResult | null;
    }
  | { skipped: true; reason: string };

/**
 * The quota fitted to the machine. Capped workers measure their scaling only while the uncapped rest of the platform
 * (gateway, mail service, Postgres, Redis, the load generator and the sink, on the same cores) keeps up with all of
 * them. On a fast host 4 workers at 0.1 core asked for 75% of what the whole platform delivers, were throttled in only
 * 48-77% of periods, and the 4-worker ratio measured the platform instead (2.2-3.6). So one capped worker first
 * delivers a calibration run, and when the most workers would ask for more than `CAPACITY_SHARE` of the platform's
 * uncapped rate, the quota is lowered in proportion.
 */
export interface QuotaFit {
  /** The quota asked for, and the rate one worker delivered at it (calibration run). */
  askedCpu: number;
  oneWorkerRate: number;
  /** The uncapped platform's delivered rate (the throughput phase with 2 workers). */
  platformRate: number;
  /** The quota the runs used. */
  fittedCpu: number;
}

/** The most workers together may ask for at most this share of the uncapped platform's rate. */
const CAPACITY_SHARE = 0.5;
/** Below this a worker spends its quota on timers and lock renewals more than on email. */
const LEAST_CPU = 0.02;

interface CappedWorker {
  name: string;
  pid: number;
  group: CpuQuotaGroup;
}

export async function measureScaleOut(
  ctx: BenchContext,
  redis: Redis,
  options: {
    /** Emails per run. */
    n: number;
    cpuPerWorker: number;
    /** Counts going up (e.g. 1, 2, 4); the phase then runs them down again. */
    workerCounts: number[];
    /** Emails per worker delivered, unmeasured, whenever workers were started. */
    warmupPerWorker: number;
    /** Then emails per worker delivered by all the workers, capped and unmeasured, before the count's first run. */
    cappedWarmupPerWorker: number;
    /** First run's lead (ms) before the due second; later runs use 1.5 × the measured accept time. */
    leadMs: number;
    limitCheck: { n: number; perMinute: number } | null;
    /**
     * Read what Redis and Postgres did in each run's drain (storesPerEmail). Each drain then starts 11 s after its
     * last accept and is read 11 s after its last delivery, for Postgres's counters (POSTGRES_REPORT_DELAY_MS).
     */
    storeActivity?: boolean;
    /** The uncapped platform's delivered rate (emails/s); given, the quota is fitted to it (`QuotaFit`). */
    platformRate?: number;
  },
): Promise<ScaleOutResult> {
  const unavailable = cgroupUnavailable();
  if (unavailable) return { skipped: true, reason: unavailable };

  // Only capped workers deliver in this phase.
  ctx.log(`  stopping the uncapped workers (${liveWorkers(ctx).join(', ')})`);
  for (const name of liveWorkers(ctx)) await ctx.stack.kill(name);
  const capped: CappedWorker[] = [];
  const sequence = mirrored(options.workerCounts);
  const most = Math.max(...options.workerCounts);
  const runs: ScaleOutRun[] = [];
  const warmups: ScaleOutRun[] = [];
  let leadMs = options.leadMs;
  let limitsAcrossWorkers: PacingResult | null = null;
  let cpuPerWorker = options.cpuPerWorker;
  let quotaFit: QuotaFit | null = null;
  let quietBefore = false;
  /** `cappedWarmupPerWorker` emails for each of the count's workers, under the quota of its runs, uncounted. */
  const cappedWarmup = async (index: number, workers: number) => {
    if (options.cappedWarmupPerWorker <= 0) return;
    const n = options.cappedWarmupPerWorker * workers;
    ctx.log(`  ${workers} worker(s): warming up capped at ${cpuPerWorker} core on ${n} emails`);
    const { acceptMs: _acceptMs, ...run } = await drainRun(ctx, redis, capped, {
      n,
      leadMs: Math.max(3_000, Math.round((leadMs * n) / options.n)),
      tag: `scale${index}capwarm`,
    });
    warmups.push(run);
    ctx.log(`  → capped warm-up ${run.emailsPerSecond} emails/s (${run.delivered}/${run.accepted})`);
  };
  try {
    for (const [index, workers] of sequence.entries()) {
      const started = await resize(ctx, capped, workers);
      if (started.length > 0) {
        // New workers compile their hot paths while they deliver; capped at 0.1 core that took thousands of emails
        // and cost the first runs of a count a third of their rate. Uncapped, the new workers (they take nearly all
        // of it) deliver `warmupPerWorker` emails each before any run counts, and are capped after it.
        const n = options.warmupPerWorker * started.length;
        ctx.log(`  ${workers} worker(s): warming up the ${started.length} new one(s), uncapped, on ${n} emails`);
        const { acceptMs, ...warmup } = await drainRun(ctx, redis, capped, { n, leadMs, tag: `scale${index}warm` });
        warmups.push(warmup);
        for (const { group } of started) group.limit(cpuPerWorker);
        ctx.log(`  → warm-up ${warmup.emailsPerSecond} emails/s (${warmup.delivered}/${warmup.accepted})`);
        leadMs = Math.max(3_000, Math.round((acceptMs * options.n * 1.5) / n) + 1_000);
        // Warm without a cap, a worker's first capped run still started 13-17% slower than its later ones, and a
        // count with new workers ran 1-21% slower on the way up than on the way down. The calibration is measured
        // warm too: taken on the first capped run, it found one worker 15-20% slower than its measured runs, and
        // the quota it fitted let 4 workers ask the platform for more than their share (bench README, round 17).
        await cappedWarmup(index, workers);
        if (options.platformRate && quotaFit === null) {
          const { fit, run } = await fitQuota(ctx, redis, capped, {
            ...options,
            platformRate: options.platformRate,
            most,
            leadMs,
          });
          warmups.push(run);
          quotaFit = fit;
          cpuPerWorker = fit.fittedCpu;
          for (const { group } of capped) group.limit(cpuPerWorker);
        }
      } else if (quietBefore) {
        // The limit check leaves the machine nearly idle for a minute or two, and the count after it ran 4-35%
        // slower than the same count before it, every process of the stack spending more CPU per unit of work
        // (bench README, round 17): this VM runs slower for a while after a quiet spell. It is warmed up again.
        await cappedWarmup(index, workers);
      }
      quietBefore = false;
      ctx.log(`  ${workers} worker(s) at ${cpuPerWorker} core each: queueing ${options.n} emails due together`);
      const { acceptMs, ...run } = await drainRun(ctx, redis, capped, {
        n: options.n,
        leadMs,
        tag: `scale${index}w${workers}`,
        stores: options.storeActivity,
      });
      runs.push(run);
      ctx.log(
        `  → ${run.emailsPerSecond} emails/s (${run.delivered}/${run.accepted} in ${run.drainMs} ms; by fifth ` +
          `${run.ratesByFifth.join(' / ')}), ` +
          `throttled ${run.throttledShare.map((share) => `${Math.round(share * 100)}%`).join(' / ')} of periods, ` +
          `completed ${run.completedJobs.join(' / ')} jobs, stepped aside ${run.stepAsides.join(' / ')} jobs, ` +
          `gave back ${run.givenBack.join(' / ')} jobs, ` +
          `held ${run.held.join(' / ')} and released ${run.released.join(' / ')} emails, ` +
          `Redis ${run.redisBytesPerEmail} B per queued email, worker peak RSS ` +
          `${Object.values(run.workerPeakRssMb).join(' / ')} MB` +
          (run.storesPerEmail ? `; per email: ${JSON.stringify(run.storesPerEmail)}` : ''),
      );
      leadMs = Math.max(3_000, Math.round(acceptMs * 1.5) + 1_000);
      // The limit check runs once, with the most workers, before the counts go down.
      if (options.limitCheck && workers === most && sequence[index + 1] !== most) {
        const { n, perMinute } = options.limitCheck;
        ctx.log(`  ${capped.length} capped workers: a sender limited to ${perMinute} a minute sends ${n} emails`);
        limitsAcrossWorkers = await measurePacing(ctx, { n, perMinute, tag: 'scalepace' });
        ctx.log(
          `  → most in any 60 s ${limitsAcrossWorkers.maxPerMinute} (limit ${perMinute}), utilisation ${limitsAcrossWorkers.utilisation}, failed ${limitsAcrossWorkers.failed}`,
        );
        quietBefore = true;
      }
    }
  } finally {
    for (const { group } of capped.splice(0)) removeGroup(ctx, group);
  }
  const half = options.workerCounts.length;
  const halves = [runs.slice(0, half), runs.slice(half)];
  return {
    skipped: false,
    n: options.n,
    cpuPerWorker,
    quotaFit,
    sequence,
    runs,
    warmups,
    ratio2: meanRatio(runs, 2),
    ratio4: meanRatio(runs, 4),
    ratiosByHalf: {
      ratio2: halves.map((runsOfHalf) => meanRatio(runsOfHalf, 2)),
      ratio4: halves.map((runsOfHalf) => meanRatio(runsOfHalf, 4)),
    },
    limitsAcrossWorkers,
  };
}

/** Delivers a calibration run with the one capped worker and fits the quota (`QuotaFit`). */
async function fitQuota(
  ctx: BenchContext,
  redis: Redis,
  capped: readonly CappedWorker[],
  options: { n: number; cpuPerWorker: number; platformRate: number; most: number; leadMs: number },
): Promise<{ fit: QuotaFit; run: ScaleOutRun }> {
  const n = Math.min(options.n, 3_000);
  ctx.log(`  fitting the quota: 1 worker at ${options.cpuPerWorker} core delivers ${n} emails (calibration)`);
  const { acceptMs: _acceptMs, ...run } = await drainRun(ctx, redis, capped, {
    n,
    leadMs: Math.max(3_000, Math.round((options.leadMs * n) / options.n)),
    tag: 'scalefit',
  });
  const fit = fittedQuota(options.cpuPerWorker, run.emailsPerSecond, options.platformRate, options.most);
  ctx.log(
    `  → ${run.emailsPerSecond} emails/s at ${fit.askedCpu} core; ${options.most} workers may ask for ` +
      `${Math.round(CAPACITY_SHARE * options.platformRate)} of the platform's ${options.platformRate}/s: quota ${fit.fittedCpu} core`,
  );
  return { fit, run };
}

/** The quota at which `most` workers ask for at most CAPACITY_SHARE of `platformRate` (a worker's rate ∝ its quota). */
export function fittedQuota(askedCpu: number, oneWorkerRate: number, platformRate: number, most: number): QuotaFit {
  const ceiling = (CAPACITY_SHARE * platformRate) / most;
  const fitted = oneWorkerRate > ceiling ? (askedCpu * ceiling) / oneWorkerRate : askedCpu;
  return { askedCpu, oneWorkerRate, platformRate, fittedCpu: Math.max(LEAST_CPU, Math.round(fitted * 1000) / 1000) };
}

/**
 * Starts workers, each in a quota group of its own with no cap yet (the caller caps them after their warm-up), or
 * stops the newest ones, until `count` run; answers the ones it started.
 */
async function resize(ctx: BenchContext, capped: CappedWorker[], count: number): Promise<CappedWorker[]> {
  const started: CappedWorker[] = [];
  while (capped.length < count) {
    const name = await ctx.stack.addWorker();
    const pid = ctx.stack.processes.get(name)?.child.pid;
    if (!pid) throw new Error(`${name} has no pid`);
    const group = new CpuQuotaGroup(`mailwright-bench-${process.pid}-${name}`, null);
    group.add(pid);
    const worker = { name, pid, group };
    capped.push(worker);
    started.push(worker);
  }
  while (capped.length > count) {
    const { name, group } = capped.pop() as CappedWorker;
    await ctx.stack.kill(name);
    removeGroup(ctx, group);
  }
  return started;
}

function removeGroup(ctx: BenchContext, group: CpuQuotaGroup): void {
  try {
    group.remove();
  } catch (error) {
    ctx.log(`  could not remove ${group.dir}: ${String(error)}`);
  }
}

function liveWorkers(ctx: BenchContext): string[] {
  return [...ctx.stack.processes.entries()]
    .filter(
      ([name, running]) =>
        name.startsWith(mailWorkerProcess.name) && running.child.exitCode === null && running.child.signalCode === null,
    )
    .map(([name]) => name);
}

async function drainRun(
  ctx: BenchContext,
  redis: Redis,
  capped: readonly CappedWorker[],
  options: { n: number; leadMs: number; tag: string; stores?: boolean },
): Promise<ScaleOutRun & { acceptMs: number }> {
  const { n, tag, stores } = options;
  const settleMs = stores ? POSTGRES_REPORT_DELAY_MS : 0;
  await ctx.autovacuum.catchUp();
  const readPeaks = runPeaks(new Map(capped.map(({ name, pid }) => [name, pid])));
  const deliveries = ctx.sink.time(tag);
  const prefix = ctx.stack.env.QUEUE_PREFIX ?? '';
  const queueBytesBefore = await queueBytes(redis, prefix);
  const usedBefore = await usedMemory(redis);
  const dueMs = Math.ceil((Date.now() + options.leadMs + settleMs) / 1000) * 1000;
  const dueAt = new Date(dueMs).toISOString();
  const batchUrl = new URL('/api/emails/api/batch', ctx.stack.gatewayUrl);
  const batchSize = 100;
  const batches = Math.ceil(n / batchSize);
  let nextBatch = 0;
  let accepted = 0;
  let sentUnscheduled = 0;
  let lastAccept = 0;
  const failedBatches: Record<string, number> = {};
  const started = Date.now();
  const progress = setInterval(() => {
    ctx.log(`  ${tag}: accepted ${accepted}/${n}, delivered ${deliveries.length}, due in ${Math.max(0, dueMs - Date.now())} ms`);
  }, 2_000);
  try {
    return await queueAndDrain();
  } finally {
    clearInterval(progress);
  }

  async function queueAndDrain(): Promise<ScaleOutRun & { acceptMs: number }> {
    const client = async () => {
      while (nextBatch < batches) {
        const first = nextBatch++ * batchSize;
        const count = Math.min(batchSize, n - first);
        const scheduled = Date.now() < dueMs - 1_000;
        if (!scheduled) sentUnscheduled += count;
        const emails = Array.from({ length: count }, (_, k) =>
          JSON.parse(sendBody(`${tag}+${first + k}@bench.test`, first + k, scheduled ? { scheduledAt: dueAt } : {})),
        );
        try {
          const response = await request(ctx.agent, batchUrl, {
            method: 'POST',
            headers: { 'x-api-key': ctx.user.apiKey },
            body: JSON.stringify({ emails }),
          });
          if (response.status !== 207) {
            failedBatches[`HTTP ${response.status}`] = (failedBatches[`HTTP ${response.status}`] ?? 0) + 1;
            continue;
          }
          accepted += (JSON.parse(response.body) as { accepted: number }).accepted;
          lastAccept = Date.now();
        } catch (error) {
          // A timed-out batch may still be stored; its emails then show as delivered beyond `accepted`.
          const kind = (error as Error).message;
          failedBatches[kind] = (failedBatches[kind] ?? 0) + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, client));
    const acceptMs = lastAccept - started;
    // Every email is queued and none is due yet (when the lead held): the run's Redis bytes now.
    const queuedBytes = (await queueBytes(redis, prefix)) - queueBytesBefore;
    const usedQueued = (await usedMemory(redis)) - usedBefore;

    // Read before the due second and after the CPU figures: scraping a worker costs it CPU no run should count.
    const countersBefore = await Promise.all(capped.map(({ name }) => workerCounters(ctx, name)));
    const storesBefore = stores ? await storeActivity(redis, ctx.databaseUrl) : null;
    while (Date.now() < dueMs) await sleep(20);
    const cpuBefore = cpuSnapshot(ctx.stack);
    const throttleBefore = capped.map(({ group }) => group.throttling());
    let seen = 0;
    let lastProgress = Date.now();
    while (deliveries.length < accepted && Date.now() - lastProgress < 30_000) {
      await sleep(20);
      if (deliveries.length !== seen) {
        seen = deliveries.length;
        lastProgress = Date.now();
      }
    }
    await sleep(300);
    const throttleAfter = capped.map(({ group }) => group.throttling());
    const cpuAfter = cpuSnapshot(ctx.stack);
    const countersAfter = await Promise.all(capped.map(({ name }) => workerCounters(ctx, name)));
    const delivered = deliveries.length;
    let storesPerEmail: StoreActivityPerUnit | undefined;
    if (storesBefore) {
      await sleep(settleMs);
      storesPerEmail = activityPerUnit(storesBefore, await storeActivity(redis, ctx.databaseUrl), delivered);
    }
    const first = deliveries[0] ?? dueMs;
    const last = deliveries[delivered - 1] ?? Date.now();
    const drainMs = Math.max(1, last - first);
    return {
      workers: capped.length,
      accepted,
      failedBatches,
      delivered,
      sentUnscheduled,
      marginMs: dueMs - lastAccept,
      firstDeliveryAfterDueMs: first - dueMs,
      drainMs,
      emailsPerSecond: round(((delivered - 1) / drainMs) * 1000, 1),
      ratesByFifth: ratesByShare(deliveries, 5),
      redisBytesPerEmail: round(queuedBytes / Math.max(1, accepted), 0),
      redisUsedMemoryBytesPerEmail: round(usedQueued / Math.max(1, accepted), 0),
      cpuMsPerEmail: cpuPerUnit(cpuBefore, cpuAfter, delivered),
      completedJobs: countersAfter.map((after, i) => after.completedJobs - (countersBefore[i]?.completedJobs ?? Number.NaN)),
      stepAsides: countersAfter.map((after, i) => after.stepAsides - (countersBefore[i]?.stepAsides ?? Number.NaN)),
      held: countersAfter.map((after, i) => after.held - (countersBefore[i]?.held ?? Number.NaN)),
      givenBack: countersAfter.map((after, i) => after.givenBack - (countersBefore[i]?.givenBack ?? Number.NaN)),
      released: countersAfter.map((after, i) => after.released - (countersBefore[i]?.released ?? Number.NaN)),
      throttledShare: throttleAfter.map((after, i) => {
        const before = throttleBefore[i] ?? after;
        return round((after.throttledPeriods - before.throttledPeriods) / Math.max(1, after.periods - before.periods), 2);
      }),
      workerPeakRssMb: readPeaks(),
      storesPerEmail,
      load: loadAverage(),
      acceptMs,
    };
  }
}

type WorkerCounters = Record<'completedJobs' | 'stepAsides' | 'held' | 'givenBack' | 'released', number>;

/**
 * A worker's send jobs completed, stepped aside and given back, deliveries held and emails released since it started
 * (its mail_jobs_total, emails_held_total and emails_released_total counters; NaN when its metrics cannot be read).
 */
async function workerCounters(ctx: BenchContext, name: string): Promise<WorkerCounters> {
  const unread = {
    completedJobs: Number.NaN,
    stepAsides: Number.NaN,
    held: Number.NaN,
    givenBack: Number.NaN,
    released: Number.NaN,
  };
  const url = ctx.stack.metricsUrlOf(name);
  if (!url) return unread;
  try {
    const text = await (await fetch(`${url}/metrics`)).text();
    return {
      completedJobs: metricValue(text, 'mail_jobs_total', { queue: 'send', outcome: 'completed' }),
      stepAsides: metricValue(text, 'mail_jobs_total', { outcome: 'stepped_aside' }),
      held: metricValue(text, 'emails_held_total'),
      givenBack: metricValue(text, 'mail_jobs_total', { outcome: 'given_back' }),
      released: metricValue(text, 'emails_released_total'),
    };
  } catch {
    return unread;
  }
}

/** MEMORY USAGE of every key of the run's queue prefix (exact for this run, whoever else uses the Redis). */
async function queueBytes(redis: Redis, prefix: string): Promise<number> {
  let total = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    const pipeline = redis.pipeline();
    for (const key of keys) pipeline.memory('USAGE', key, 'SAMPLES', '0');
    for (const [error, bytes] of (await pipeline.exec()) ?? []) if (!error) total += Number(bytes ?? 0);
  } while (cursor !== '0');
  return total;
}

async function usedMemory(redis: Redis): Promise<number> {
  return Number(/^used_memory:(\d+)/m.exec(await redis.info('memory'))?.[1] ?? Number.NaN);
}
