// `npm test` runs the benchmark in --quick mode end to end: it must start its own stack, create its
// customer, run every phase (pacing included: it waits out a sender's minute limit once), and deliver every
// accepted email exactly once. Speed is not asserted here (the machine is shared); `npm run bench` reports it.
import { describe, expect, it } from 'vitest';
import { runBench, settingsFor } from './bench';

describe('npm run bench -- --quick', () => {
  it('runs every phase and delivers every accepted email, none lost or doubled', async () => {
    // In `npm test`, every process runs from the bundles built for the run, as `--bundles=<dir>` runs them.
    const settings = { ...settingsFor('quick'), bundleDir: process.env.TEST_BUNDLES_DIR };
    const lines: string[] = [];
    const results = await runBench(settings, (line) => lines.push(line));

    const { oneWorker, addedWorkerWarmup, twoWorkers } = results.throughput.runs;
    for (const run of [oneWorker, addedWorkerWarmup, twoWorkers, results.growth.smallRun]) {
      expect(run.rejectedKinds).toEqual({});
      expect(run.accepted).toBe(run.n);
      expect(run.delivered).toBe(run.accepted);
      expect(run.lost).toBe(0);
      expect(run.emailsPerSecond).toBeGreaterThan(0);
    }
    expect(results.totals.lost).toBe(0);
    expect(results.totals.doubled).toBe(0);

    const { warmup, viaGateway, direct } = results.api.runs;
    for (const run of [warmup, viaGateway, direct]) {
      expect(run.errorKinds).toEqual({});
      expect(run.succeeded).toBe(run.sent);
    }
    expect(Number.isFinite(results.api.p99Ms)).toBe(true);
    expect(Number.isFinite(results.api.gatewayOverheadRatio)).toBe(true);

    const { smtpIntake } = results;
    expect(smtpIntake, 'the stack starts the SMTP intake').not.toBeNull();
    expect(smtpIntake?.errorKinds).toEqual({});
    expect(smtpIntake?.accepted).toBe(settings.smtpIntake.messages);
    expect(smtpIntake?.delivered).toBe(smtpIntake?.accepted);

    expect(results.pixel.errors).toBe(0);
    expect(results.pixel.non2xx).toBe(0);
    expect(results.pixel.rps).toBeGreaterThan(0);
    expect(Number.isFinite(results.pixel.analyticsVisibleMs)).toBe(true);
    expect(results.pixel.eventsStored).toBeGreaterThanOrEqual(results.pixel.eventsExpected);
    expect(results.pixel.eventsStored).toBeLessThanOrEqual(results.pixel.eventsAllowed);

    expect(results.schedule.accepted).toBe(settings.schedule.count);
    expect(results.schedule.delivered).toBe(results.schedule.accepted);
    expect(results.schedule.earlyCount).toBe(0);

    // Fairness and pacing: counts only; their latency and pace targets are reported, not asserted here.
    const { fairness, pacing } = results;
    expect(fairness.rejectedKinds).toEqual({});
    expect(fairness.aAccepted).toBe(settings.fairness.aEmails);
    expect(fairness.aDelivered).toBe(fairness.aAccepted);
    expect(fairness.bSent).toBe(settings.fairness.bEmails);
    expect(fairness.bAccepted).toBe(fairness.bSent);
    expect(fairness.bLost).toBe(0);
    expect(Number.isFinite(fairness.p99Ms)).toBe(true);
    expect(pacing).not.toBeNull();
    expect(pacing?.rejectedKinds).toEqual({});
    expect(pacing?.accepted).toBe(settings.pacing?.n);
    expect(pacing?.delivered).toBe(pacing?.accepted);
    expect(pacing?.failed).toBe(0);

    expect(results.machine.cores).toBeGreaterThan(0);
    expect(Number.isFinite(results.growth.ratio)).toBe(true);
    // The baseline (nodemailer's pool straight to the sink) delivers every email; the peaks cover every process.
    expect(results.baseline.run.sent).toBe(settings.baseline.n);
    expect(results.baseline.run.delivered).toBe(settings.baseline.n);
    expect(results.baseline.nodemailerPool).toBeGreaterThan(0);
    expect(Number.isFinite(results.throughput.vsBaseline)).toBe(true);
    expect(Object.keys(results.memory.byPhase)).toContain('throughputTwoWorkers');
    expect(results.memory.peakRssMb.gateway).toBeGreaterThan(0);
    expect(results.memory.peakRssMb['mail-worker-1']).toBeGreaterThan(0);

    expect(lines.some((line) => line.includes('[8/8]'))).toBe(true);
  }, 420_000);
});
