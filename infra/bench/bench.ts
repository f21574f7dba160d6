// The benchmark as a function: starts its own stack (bench-stack.ts: fresh database, local Postgres/Redis, a
// count-only SMTP sink, an enterprise customer), runs the phases one after another and returns every figure.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EDGE_PROCESS } from '../launcher/stack';
import { withBenchStack } from './bench-stack';
import { loadAverage } from './context';
import { gatewayShare } from './cpu-usage';
import { memoryWindow, overallPeaks, type PhaseMemory, redisPid } from './memory';
import { measureDirectLatency, measureGatewayLatency, waitForDeliveries } from './phases/api-latency';
import { measureBaseline } from './phases/baseline';
import { measureFairness } from './phases/fairness';
import { measureIdle } from './phases/idle';
import { measurePacing, type PacingResult } from './phases/pacing';
import { measurePixel } from './phases/pixel';
import { measureScaleOut, type ScaleOutResult } from './phases/scale-out';
import { measureSchedule } from './phases/schedule';
import { measureSmtpIntake } from './phases/smtp-intake';
import { measureThroughput } from './phases/throughput';
import { describeSeconds, mirrored, ratio, round } from './stats';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type BenchMode = 'quick' | 'default' | 'large';

export interface BenchSettings {
  mode: BenchMode;
  n: number;
  /** The growth baseline's N (run three times, the median run the baseline). */
  growthSmallN: number;
  /**
   * The send API at a steady rate. `warmupMs` at the same rate goes first, unmeasured: in two whole runs the first 20 s
   * at 500/s cost 8% and 13% more CPU per request than the 20 s after them (code still being compiled, connections and
   * caches still being made), which is the process starting, not a request's cost.
   */
  latency: { ratePerSecond: number; durationMs: number; warmupMs: number };
  /** The higher step of the send API through the gateway (1,000 req/s); null leaves it out (--quick). */
  latencyHigh: { ratePerSecond: number; durationMs: number } | null;
  /** The same emails straight from one Node process over nodemailer's pool to the sink. */
  baseline: { n: number; connections: number };
  /** Workers capped at `cpuPerWorker` cores each (cgroup v1); null leaves the phase out (--quick, --skip-scale-out). */
  scaleOut: {
    n: number;
    cpuPerWorker: number;
    workerCounts: number[];
    /** Emails per worker delivered, unmeasured, whenever workers were started. */
    warmupPerWorker: number;
    /** Then emails per worker delivered, unmeasured, by the count's workers under their quota. */
    cappedWarmupPerWorker: number;
    limitCheck: { n: number; perMinute: number } | null;
  } | null;
  pixel: { emails: number; durationS: number; connections: number };
  schedule: { count: number; leadMs: number };
  /** Tenant A's backlog (batch API) and tenant B's single emails spaced over it. */
  fairness: { aEmails: number; bEmails: number; batchSize: number; batchConcurrency: number; minLeadMs: number };
  /** One sender limited to perMinute sends n; null skips the phase (--skip-pacing). */
  pacing: { n: number; perMinute: number } | null;
  /** Messages submitted over SMTP through the intake over `connections` pooled connections. */
  smtpIntake: { messages: number; connections: number };
  warmup: number;
  /**
   * Emails per worker delivered, unmeasured, once the second worker has joined (the first had the 1-worker run): the
   * 2-worker figures (cpu.platformMsPerEmail among them) count delivery, not the new worker's JIT compiling its code.
   */
  warmupPerAddedWorker: number;
  /** The quiet spell measured after the warm-up. */
  idleMs: number;
  /** Write a V8 CPU profile of every process (node --cpu-prof) next to the logs. */
  profile?: boolean;
  /** Run the processes from their production bundles in this folder (--bundled) instead of from source via tsx. */
  bundleDir?: string;
  /** nginx in front of the gateway (--edge, infra/edge): its CPU counts as the gateway's. */
  edge?: boolean;
}

export function settingsFor(mode: BenchMode): BenchSettings {
  if (mode === 'quick') {
    return {
      mode,
      n: 300,
      growthSmallN: 100,
      latency: { ratePerSecond: 100, durationMs: 3_000, warmupMs: 1_000 },
      latencyHigh: null,
      baseline: { n: 300, connections: 20 },
      scaleOut: null,
      pixel: { emails: 5, durationS: 3, connections: 20 },
      schedule: { count: 100, leadMs: 4_000 },
      fairness: { aEmails: 1_000, bEmails: 10, batchSize: 100, batchConcurrency: 4, minLeadMs: 5_000 },
      // Any pacing takes at least a minute (the window); 150 at 100 a minute is one minute's wait.
      pacing: { n: 150, perMinute: 100 },
      smtpIntake: { messages: 300, connections: 32 },
      warmup: 50,
      warmupPerAddedWorker: 50,
      idleMs: 3_000,
    };
  }
  const large = mode === 'large';
  return {
    mode,
    n: large ? 100_000 : 10_000,
    growthSmallN: large ? 10_000 : 1_000,
    latency: { ratePerSecond: 500, durationMs: 20_000, warmupMs: 10_000 },
    latencyHigh: { ratePerSecond: 1_000, durationMs: 10_000 },
    baseline: { n: large ? 100_000 : 10_000, connections: 20 },
    // 300 at 150 a minute: the second half must wait for the minute (ideal span 60 s) across 4 workers.
    // Six runs (1, 2, 4, 4, 2, 1 workers) of N each (--large: half of it; six runs of 100,000 would take half an hour).
    scaleOut: {
      n: large ? 50_000 : 10_000,
      cpuPerWorker: 0.1,
      workerCounts: [1, 2, 4],
      warmupPerWorker: 5_000,
      cappedWarmupPerWorker: 2_000,
      limitCheck: { n: 300, perMinute: 150 },
    },
    pixel: { emails: 20, durationS: 10, connections: 100 },
    schedule: { count: 1_000, leadMs: 10_000 },
    fairness: { aEmails: 10_000, bEmails: 50, batchSize: 100, batchConcurrency: 4, minLeadMs: 10_000 },
    pacing: { n: 1_500, perMinute: 600 },
    smtpIntake: { messages: large ? 20_000 : 3_000, connections: 32 },
    warmup: 500,
    warmupPerAddedWorker: 5_000,
    idleMs: 10_000,
  };
}

export async function runBench(settings: BenchSettings, log: (line: string) => void = console.log) {
  const startedAt = new Date();
  const loadStart = loadAverage();
  const stackOptions = { profile: settings.profile, bundleDir: settings.bundleDir, edge: settings.edge };
  return withBenchStack(stackOptions, log, async ({ ctx, redis }) => {
    const { stack } = ctx;
    const redisServerPid = await redisPid(redis);
    // Every phase's peak RSS per process (VmHWM, reset at the phase's start).
    const memoryByPhase: Record<string, PhaseMemory> = {};
    const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      await ctx.autovacuum.catchUp();
      const read = memoryWindow(stack, redisServerPid);
      const result = await work();
      memoryByPhase[name] = read();
      return result;
    };

    log(`warm-up: ${settings.warmup} emails`);
    await measureThroughput(ctx, { n: settings.warmup, workers: 1, tag: 'warm' });

    log(`idle: every process's CPU over ${settings.idleMs / 1000} s with nothing to do`);
    const idle = await measureIdle(ctx, { durationMs: settings.idleMs });
    log(`  → ${idle['platform total']} CPU ms per second (the stack's Node processes)`);

    log(`[1/8] delivery throughput, 1 worker, ${settings.n} emails`);
    const oneWorker = await phase('throughputOneWorker', () =>
      measureThroughput(ctx, { n: settings.n, workers: 1, tag: 'tput1' }),
    );
    log(`  → ${oneWorker.emailsPerSecond} emails/s (${oneWorker.delivered}/${oneWorker.accepted} delivered)`);

    await stack.addWorker();
    const addedWarmup = 2 * settings.warmupPerAddedWorker;
    log(`warm-up: ${addedWarmup} emails with 2 workers (the new worker's first, unmeasured)`);
    const addedWorkerWarmup = await measureThroughput(ctx, { n: addedWarmup, workers: 2, tag: 'warm2' });
    log(`[1/8] delivery throughput, 2 workers, ${settings.growthSmallN} emails (growth baseline)`);
    // Three runs, the median the baseline: one run of under a second swung a quarter either way on a shared host.
    const growthRuns = await phase('growthBaseline', async () => {
      const runs = [];
      for (const tag of ['grow1', 'grow2', 'grow3'])
        runs.push(await measureThroughput(ctx, { n: settings.growthSmallN, workers: 2, tag }));
      return runs;
    });
    const growthSmall = [...growthRuns].sort((a, b) => a.perEmailMs - b.perEmailMs)[1] as (typeof growthRuns)[number];
    log(`  → ${growthRuns.map((run) => run.emailsPerSecond).join(', ')} emails/s (median ${growthSmall.emailsPerSecond})`);
    log(`[1/8] delivery throughput, 2 workers, ${settings.n} emails`);
    const twoWorkers = await phase('throughputTwoWorkers', () =>
      measureThroughput(ctx, { n: settings.n, workers: 2, tag: 'tput2' }),
    );
    log(`  → ${twoWorkers.emailsPerSecond} emails/s (${twoWorkers.delivered}/${twoWorkers.accepted} delivered)`);
    const { n: baselineN, connections: baselineConnections } = settings.baseline;
    log(`[1/8] baseline: ${baselineN} emails from one Node process, nodemailer pool of ${baselineConnections} → sink`);
    const baseline = await phase('baseline', () =>
      measureBaseline(ctx, { n: baselineN, connections: baselineConnections, tag: 'base' }),
    );
    log(
      `  → ${baseline.emailsPerSecond} emails/s (${baseline.delivered}/${baseline.n}), ${baseline.cpuMsPerEmail} CPU ms per email`,
    );

    const { ratePerSecond, durationMs, warmupMs } = settings.latency;
    log(`warm-up: the send API through the gateway at ${ratePerSecond} req/s for ${warmupMs / 1000} s, unmeasured`);
    const warmup = await measureGatewayLatency(ctx, { ratePerSecond, durationMs: warmupMs, tag: 'latw' });
    await waitForDeliveries(ctx, 'latw', warmup.succeeded);
    log(`[2/8] send API latency through the gateway: ${ratePerSecond} req/s for ${durationMs / 1000} s (open loop)`);
    const viaGateway = await phase('apiViaGateway', () => measureGatewayLatency(ctx, { ratePerSecond, durationMs, tag: 'latg' }));
    await waitForDeliveries(ctx, 'latg', viaGateway.succeeded);
    log(
      `  → p50 ${viaGateway.p50Ms} ms, p99 ${viaGateway.p99Ms} ms, errors ${viaGateway.errors}; ${describeSeconds(viaGateway)}; ` +
        `gateway ${gatewayShare(viaGateway.cpuMsPerRequest)} CPU ms per request`,
    );
    log(`[2/8] send API latency directly against the mail service: ${ratePerSecond} req/s for ${durationMs / 1000} s`);
    const direct = await phase('apiDirect', () => measureDirectLatency(ctx, { ratePerSecond, durationMs, tag: 'latd' }));
    await waitForDeliveries(ctx, 'latd', direct.succeeded);
    log(`  → p50 ${direct.p50Ms} ms, p99 ${direct.p99Ms} ms, errors ${direct.errors}; ${describeSeconds(direct)}`);
    const high = settings.latencyHigh;
    let viaGatewayHigh: Awaited<ReturnType<typeof measureGatewayLatency>> | null = null;
    if (high) {
      log(`[2/8] send API through the gateway: ${high.ratePerSecond} req/s for ${high.durationMs / 1000} s (open loop)`);
      viaGatewayHigh = await phase('apiViaGatewayHigh', () => measureGatewayLatency(ctx, { ...high, tag: 'lath' }));
      await waitForDeliveries(ctx, 'lath', viaGatewayHigh.succeeded);
      log(
        `  → p50 ${viaGatewayHigh.p50Ms} ms, p99 ${viaGatewayHigh.p99Ms} ms, errors ${viaGatewayHigh.errors}; ` +
          `${describeSeconds(viaGatewayHigh)}; gateway ${gatewayShare(viaGatewayHigh.cpuMsPerRequest)} CPU ms per request`,
      );
    }

    const intake = settings.smtpIntake;
    log(`[2/8] SMTP submission: ${intake.messages} messages over ${intake.connections} connections`);
    const smtpIntake = await phase('smtpIntake', () => measureSmtpIntake(ctx, { ...intake, tag: 'smtp' }));
    if (smtpIntake) {
      log(
        `  → ${smtpIntake.acceptedPerSecond} messages/s accepted, ${smtpIntake.cpuMsPerMessage['platform total']} CPU ms per message ` +
          `(send API ${viaGateway.cpuMsPerRequest['platform total']} per request), errors ${smtpIntake.errors}`,
      );
    } else log('  → skipped: the stack has no SMTP intake (openssl missing for its TLS pair)');

    log(`[3/8] tracking pixel through the gateway`);
    const pixel = await phase('pixel', () => measurePixel(ctx, { ...settings.pixel, tag: 'pix' }));
    log(`  → ${pixel.rps} req/s, p99 ${pixel.p99Ms} ms, events stored ${pixel.eventsStoredMs} ms after the load`);

    log(`[4/8] scheduling lateness: ${settings.schedule.count} emails due the same second`);
    const schedule = await phase('schedule', () => measureSchedule(ctx, { ...settings.schedule, tag: 'sched' }));
    log(`  → p50 ${schedule.p50LatenessMs} ms, p99 ${schedule.p99LatenessMs} ms, max ${schedule.maxLatenessMs} ms`);

    const { aEmails, bEmails } = settings.fairness;
    log(`[5/8] fairness: tenant A queues ${aEmails} emails due together, tenant B sends ${bEmails} spaced over A's drain`);
    // A's due second: time for the API to accept A's backlog at the rate the 2-worker run accepted single sends
    // (batches go faster: 947/s against 170/s singles on a loaded 2-core machine).
    const leadMs = Math.min(
      120_000,
      Math.max(settings.fairness.minLeadMs, Math.round((aEmails * 1000) / Math.max(1, twoWorkers.acceptPerSecond))),
    );
    const fairness = await phase('fairness', () => measureFairness(ctx, { ...settings.fairness, leadMs }));
    log(
      `  → B accepted → delivered p50 ${fairness.p50Ms} ms, p99 ${fairness.p99Ms} ms, max ${fairness.maxMs} ms ` +
        `(${fairness.count}/${fairness.bAccepted}); A ${fairness.aEmailsPerSecond} emails/s (${fairness.aDelivered}/${fairness.aAccepted})`,
    );

    let pacing: PacingResult | null = null;
    if (settings.pacing) {
      const { n, perMinute } = settings.pacing;
      log(`[6/8] pacing: one sender limited to ${perMinute} a minute sends ${n} emails`);
      const pacingSettings = settings.pacing;
      pacing = await phase('pacing', () => measurePacing(ctx, pacingSettings));
      log(
        `  → most in any 60 s ${pacing.maxPerMinute} (limit ${perMinute}), utilisation ${pacing.utilisation}, ` +
          `failed ${pacing.failed}, seen held ${pacing.held}, ${pacing.delivered}/${pacing.accepted} delivered in ${round(pacing.durationMs / 1000, 1)} s`,
      );
    } else log('[6/8] pacing: skipped (--skip-pacing)');

    let scaleOut: ScaleOutResult = { skipped: true, reason: 'left out (--quick or --skip-scale-out)' };
    if (settings.scaleOut) {
      const { n, cpuPerWorker, workerCounts } = settings.scaleOut;
      log(
        `[7/8] scale-out: ${n} emails a run with ${mirrored(workerCounts).join(', ')} workers capped at ${cpuPerWorker} core ` +
          'each (or less, fitted to the platform)',
      );
      const scaleSettings = settings.scaleOut;
      scaleOut = await phase('scaleOut', () =>
        measureScaleOut(ctx, redis, {
          ...scaleSettings,
          // The first run's lead: long enough for the API to accept the backlog at the 2-worker accept rate.
          leadMs: Math.min(120_000, Math.max(5_000, Math.round((n * 1000) / Math.max(1, twoWorkers.acceptPerSecond)))),
          platformRate: twoWorkers.emailsPerSecond,
        }),
      );
      if (scaleOut.skipped) log(`  → skipped: ${scaleOut.reason}`);
      else {
        const { ratio2, ratio4, ratiosByHalf } = scaleOut;
        log(
          `  → 2 / 1 workers ${ratio2}× (up ${ratiosByHalf.ratio2[0]}×, down ${ratiosByHalf.ratio2[1]}×), ` +
            `4 / 1 workers ${ratio4}× (up ${ratiosByHalf.ratio4[0]}×, down ${ratiosByHalf.ratio4[1]}×)`,
        );
      }
    } else log('[7/8] scale-out: skipped (--quick or --skip-scale-out)');

    log(`[8/8] growth: per-email cost at ${settings.growthSmallN} vs ${settings.n}`);
    // Every drain of the scale-out phase, warm-ups included, for the totals of accepted and lost emails.
    const scaleOutRuns = scaleOut.skipped ? [] : [...scaleOut.runs, ...scaleOut.warmups];

    const cores = os.cpus().length;
    const results = {
      mode: settings.mode,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: {
        cores,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGb: round(os.totalmem() / 1024 ** 3, 1),
        node: process.version,
        loadAverageStart: loadStart,
        loadAverageEnd: loadAverage(),
      },
      platform: {
        smtpMaxConnections: Number(stack.env.SMTP_MAX_CONNECTIONS),
        workerConcurrency: 100,
        /** nginx in front of the gateway (--edge): the send API's data path skips the gateway. */
        edge: stack.processes.has(EDGE_PROCESS),
      },
      throughput: {
        n: settings.n,
        oneWorker: oneWorker.emailsPerSecond,
        twoWorkers: twoWorkers.emailsPerSecond,
        /** The 2-worker platform's delivered rate over the nodemailer baseline's. */
        vsBaseline: ratio(twoWorkers.emailsPerSecond, baseline.emailsPerSecond),
        runs: { oneWorker, addedWorkerWarmup, twoWorkers },
      },
      baseline: { nodemailerPool: baseline.emailsPerSecond, run: baseline },
      scaleOut: scaleOut.skipped
        ? { skipped: true as const, reason: scaleOut.reason, ratio2: Number.NaN, ratio4: Number.NaN }
        : scaleOut,
      cpu: {
        /** CPU ms of the stack's Node processes per delivered email (2 workers, N emails). */
        platformMsPerEmail: twoWorkers.cpuMsPerEmail['platform total'] ?? Number.NaN,
        /** CPU ms of the stack's Node processes per send API request at the base rate (the workers deliver meanwhile). */
        platformMsPerApiRequest: viaGateway.cpuMsPerRequest['platform total'] ?? Number.NaN,
        /** The gateway's CPU ms per proxied send request at the base rate (with --edge: nginx's and the gateway's). */
        gatewayMsPerApiRequest: gatewayShare(viaGateway.cpuMsPerRequest),
        /** CPU ms per second of each process with nothing to do (one worker), and of all of them. */
        idleMsPerSecond: idle,
        postgresMsPerEmail: twoWorkers.cpuMsPerEmail['postgres (all, shared)'] ?? Number.NaN,
        redisMsPerEmail: twoWorkers.cpuMsPerEmail['redis-server (all, shared)'] ?? Number.NaN,
      },
      memory: {
        /** Each process's highest peak RSS (MB) over all phases. */
        peakRssMb: overallPeaks(memoryByPhase),
        byPhase: memoryByPhase,
        /** Bytes in Redis per queued email (the scale-out phase's backlogs before they came due). */
        redisBytesPerQueuedEmail: scaleOut.skipped ? Number.NaN : Math.max(...scaleOut.runs.map((run) => run.redisBytesPerEmail)),
      },
      api: {
        ratePerSecond,
        durationS: durationMs / 1000,
        p50Ms: viaGateway.p50Ms,
        p99Ms: viaGateway.p99Ms,
        maxMs: viaGateway.maxMs,
        errors: viaGateway.errors,
        gatewayOverheadRatio: ratio(viaGateway.p99Ms, direct.p99Ms),
        gatewayOverheadRatioP50: ratio(viaGateway.p50Ms, direct.p50Ms),
        direct: { p50Ms: direct.p50Ms, p99Ms: direct.p99Ms, maxMs: direct.maxMs, errors: direct.errors },
        rps1000: viaGatewayHigh && {
          ratePerSecond: viaGatewayHigh.achievedRate,
          p50Ms: viaGatewayHigh.p50Ms,
          p99Ms: viaGatewayHigh.p99Ms,
          maxMs: viaGatewayHigh.maxMs,
          errors: viaGatewayHigh.errors,
        },
        runs: { warmup, viaGateway, direct, viaGatewayHigh },
      },
      smtpIntake: smtpIntake && {
        ...smtpIntake,
        cpuMsPerMessageTotal: smtpIntake.cpuMsPerMessage['platform total'] ?? Number.NaN,
        apiCpuMsPerRequestTotal: viaGateway.cpuMsPerRequest['platform total'] ?? Number.NaN,
      },
      pixel,
      schedule,
      fairness,
      pacing,
      growth: {
        smallN: settings.growthSmallN,
        largeN: settings.n,
        smallPerEmailMs: growthSmall.perEmailMs,
        largePerEmailMs: twoWorkers.perEmailMs,
        ratio: ratio(twoWorkers.perEmailMs, growthSmall.perEmailMs),
        smallRun: growthSmall,
      },
      totals: {
        accepted:
          [oneWorker, addedWorkerWarmup, ...growthRuns, twoWorkers].reduce((sum, run) => sum + run.accepted, 0) +
          (viaGatewayHigh?.succeeded ?? 0) +
          scaleOutRuns.reduce((sum, run) => sum + run.accepted, 0) +
          (scaleOut.skipped ? 0 : (scaleOut.limitsAcrossWorkers?.accepted ?? 0)) +
          fairness.aAccepted +
          fairness.bAccepted +
          (pacing?.accepted ?? 0) +
          (smtpIntake?.accepted ?? 0),
        lost:
          [oneWorker, addedWorkerWarmup, ...growthRuns, twoWorkers].reduce((sum, run) => sum + run.lost, 0) +
          scaleOutRuns.reduce((sum, run) => sum + Math.max(0, run.accepted - run.delivered), 0) +
          (scaleOut.skipped
            ? 0
            : Math.max(0, (scaleOut.limitsAcrossWorkers?.accepted ?? 0) - (scaleOut.limitsAcrossWorkers?.delivered ?? 0))) +
          Math.max(0, fairness.aAccepted - fairness.aDelivered) +
          fairness.bLost +
          Math.max(0, (pacing?.accepted ?? 0) - (pacing?.delivered ?? 0)) +
          Math.max(0, (smtpIntake?.accepted ?? 0) - (smtpIntake?.delivered ?? 0)),
        // Deliveries beyond the accepted emails where every batch was answered (a timed-out batch may be stored
        // and delivered without counting as accepted): emails sent twice.
        doubled:
          [oneWorker, addedWorkerWarmup, ...growthRuns, twoWorkers].reduce(
            (sum, run) => sum + Math.max(0, run.delivered - run.accepted),
            0,
          ) +
          scaleOutRuns
            .filter((run) => Object.keys(run.failedBatches).length === 0)
            .reduce((sum, run) => sum + Math.max(0, run.delivered - run.accepted), 0),
        sinkDelivered: ctx.sink.delivered,
      },
    };
    return results;
  });
}

export type BenchResults = Awaited<ReturnType<typeof runBench>>;
