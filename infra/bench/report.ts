// The benchmark's printed table: every figure with its target (for a 2-core machine) and the core count.
import type { BenchResults } from './bench';
import { round } from './stats';

interface Row {
  figure: string;
  value: string;
  target: string;
  pass: boolean | null;
}

const fmt = (value: number, unit: string) => (Number.isFinite(value) ? `${value} ${unit}`.trim() : 'n/a');

export function targetRows(r: BenchResults): Row[] {
  return [
    { figure: 'throughput, 1 worker', value: fmt(r.throughput.oneWorker, 'emails/s'), target: '', pass: null },
    {
      figure: 'throughput, 2 workers',
      value: fmt(r.throughput.twoWorkers, 'emails/s'),
      target: '≥ 1000',
      pass: r.throughput.twoWorkers >= 1000,
    },
    {
      figure: `baseline: nodemailer pool (${r.baseline.run.connections} connections)`,
      value: fmt(r.baseline.nodemailerPool, 'emails/s'),
      target: '',
      pass: null,
    },
    { figure: 'platform (2 workers) vs baseline', value: fmt(r.throughput.vsBaseline, '×'), target: '', pass: null },
    ...scaleOutRows(r),
    { figure: `send API p50 (${r.api.ratePerSecond}/s)`, value: fmt(r.api.p50Ms, 'ms'), target: '< 5 ms', pass: r.api.p50Ms < 5 },
    {
      figure: `send API p99 (${r.api.ratePerSecond}/s)`,
      value: fmt(r.api.p99Ms, 'ms'),
      target: '< 25 ms',
      pass: r.api.p99Ms < 25,
    },
    {
      figure: 'send API max / errors',
      value: `${fmt(r.api.maxMs, 'ms')} / ${r.api.errors}`,
      target: '0 errors',
      pass: r.api.errors === 0,
    },
    {
      figure: 'direct p50 / p99',
      value: `${fmt(r.api.direct.p50Ms, 'ms')} / ${fmt(r.api.direct.p99Ms, 'ms')}`,
      target: '',
      pass: null,
    },
    {
      figure: 'gateway overhead (p99)',
      value: fmt(r.api.gatewayOverheadRatio, '×'),
      target: '≤ 1.3×',
      pass: r.api.gatewayOverheadRatio <= 1.3,
    },
    {
      figure: 'gateway overhead (p50)',
      value: fmt(r.api.gatewayOverheadRatioP50, '×'),
      target: '≤ 1.3×',
      pass: r.api.gatewayOverheadRatioP50 <= 1.3,
    },
    {
      figure: `${r.platform.edge ? 'nginx + gateway' : 'gateway'} CPU per proxied request (${r.api.ratePerSecond}/s)`,
      value: fmt(r.cpu.gatewayMsPerApiRequest, 'ms'),
      target: '≤ 0.25 ms',
      pass: r.cpu.gatewayMsPerApiRequest <= 0.25,
    },
    ...(r.api.rps1000
      ? [
          {
            figure: `send API p99 / errors (${Math.round(r.api.rps1000.ratePerSecond)}/s)`,
            value: `${fmt(r.api.rps1000.p99Ms, 'ms')} / ${r.api.rps1000.errors}`,
            target: '< 50 ms, 0 errors',
            pass: r.api.rps1000.p99Ms < 50 && r.api.rps1000.errors === 0,
          },
        ]
      : [{ figure: 'send API at 1,000/s', value: 'skipped', target: '', pass: null }]),
    {
      figure: `SMTP submission (${r.smtpIntake?.connections ?? 0} connections)`,
      value: r.smtpIntake ? fmt(r.smtpIntake.acceptedPerSecond, 'messages/s') : 'skipped',
      target: '',
      pass: null,
    },
    {
      figure: 'CPU per SMTP message / per API send',
      value: r.smtpIntake
        ? `${fmt(r.smtpIntake.cpuMsPerMessageTotal, 'ms')} / ${fmt(r.smtpIntake.apiCpuMsPerRequestTotal, 'ms')}`
        : 'skipped',
      target: '',
      pass: null,
    },
    { figure: 'open pixel', value: fmt(r.pixel.rps, 'req/s'), target: '≥ 5000', pass: r.pixel.rps >= 5000 },
    { figure: 'open pixel p99', value: fmt(r.pixel.p99Ms, 'ms'), target: '', pass: null },
    { figure: 'opens visible in analytics', value: fmt(r.pixel.analyticsVisibleMs, 'ms'), target: '', pass: null },
    {
      figure: 'pixel events stored after load',
      value: `${fmt(r.pixel.eventsStoredMs, 'ms')} (${r.pixel.eventsStored} stored, ${r.pixel.eventsExpected}–${r.pixel.eventsAllowed} within the cap)`,
      target: '',
      pass: null,
    },
    { figure: 'schedule lateness p50', value: fmt(r.schedule.p50LatenessMs, 'ms'), target: '', pass: null },
    {
      figure: 'schedule lateness p99',
      value: fmt(r.schedule.p99LatenessMs, 'ms'),
      target: '< 1000 ms',
      pass: r.schedule.p99LatenessMs < 1000,
    },
    { figure: 'schedule lateness max', value: fmt(r.schedule.maxLatenessMs, 'ms'), target: '', pass: null },
    {
      figure: `fairness: B p50 / max (A ${r.fairness.aEmails} queued)`,
      value: `${fmt(r.fairness.p50Ms, 'ms')} / ${fmt(r.fairness.maxMs, 'ms')} (${r.fairness.count} of ${r.fairness.bEmails})`,
      target: '',
      pass: null,
    },
    {
      figure: 'fairness: B accepted → delivered p99',
      value: fmt(r.fairness.p99Ms, 'ms'),
      target: '≤ 1000 ms',
      pass: r.fairness.p99Ms <= 1000,
    },
    { figure: 'fairness: A throughput meanwhile', value: fmt(r.fairness.aEmailsPerSecond, 'emails/s'), target: '', pass: null },
    ...pacingRows(r),
    {
      figure: `growth ${r.growth.largeN} vs ${r.growth.smallN}`,
      value: fmt(r.growth.ratio, '×'),
      target: '≤ 1.1×',
      pass: r.growth.ratio <= 1.1,
    },
    {
      figure: 'platform CPU per email (2 workers)',
      value: fmt(r.cpu.platformMsPerEmail, 'ms'),
      target: '≤ 0.45 ms',
      pass: r.cpu.platformMsPerEmail <= 0.45,
    },
    {
      figure: `platform CPU per API request (${r.api.ratePerSecond}/s)`,
      value: fmt(r.cpu.platformMsPerApiRequest, 'ms'),
      target: '≤ 1.0 ms',
      pass: r.cpu.platformMsPerApiRequest <= 1,
    },
    {
      figure: 'platform CPU when idle',
      value: fmt(r.cpu.idleMsPerSecond['platform total'] ?? Number.NaN, 'ms/s'),
      target: '',
      pass: null,
    },
    ...memoryRows(r),
    { figure: 'emails lost', value: String(r.totals.lost), target: '0', pass: r.totals.lost === 0 },
    { figure: 'emails sent twice', value: String(r.totals.doubled), target: '0', pass: r.totals.doubled === 0 },
  ];
}

function scaleOutRows(r: BenchResults): Row[] {
  const s = r.scaleOut;
  if (s.skipped) return [{ figure: 'scale-out (capped workers)', value: `skipped: ${s.reason}`, target: '', pass: null }];
  const rows: Row[] = [
    {
      figure:
        `scale-out: ${s.sequence.join(' / ')} workers at ${s.cpuPerWorker} core` +
        (s.quotaFit && s.quotaFit.fittedCpu !== s.quotaFit.askedCpu
          ? ` (fitted: ${s.quotaFit.askedCpu} core gave 1 worker ${s.quotaFit.oneWorkerRate}/s of the platform's ${s.quotaFit.platformRate}/s)`
          : ''),
      value: `${s.runs.map((run) => run.emailsPerSecond).join(' / ')} emails/s`,
      target: '',
      pass: null,
    },
    {
      figure: 'scale-out 2 / 1 workers (up, down)',
      value: `${fmt(s.ratio2, '×')} (${s.ratiosByHalf.ratio2.map((ratio) => fmt(ratio, '×')).join(', ')})`,
      target: '≥ 1.85×',
      pass: s.ratio2 >= 1.85,
    },
    {
      figure: 'scale-out 4 / 1 workers (up, down)',
      value: `${fmt(s.ratio4, '×')} (${s.ratiosByHalf.ratio4.map((ratio) => fmt(ratio, '×')).join(', ')})`,
      target: '≥ 3.5×',
      pass: s.ratio4 >= 3.5,
    },
  ];
  const limits = s.limitsAcrossWorkers;
  if (limits) {
    rows.push({
      figure: `limit across 4 workers: most in 60 s (${limits.n} at ${limits.perMinute}/min)`,
      value: `${limits.maxPerMinute} (utilisation ${fmt(limits.utilisation, '')}, failed ${limits.failed})`,
      target: `≤ ${limits.perMinute}`,
      pass: limits.maxPerMinute <= limits.perMinute && limits.failed === 0,
    });
  }
  return rows;
}

function memoryRows(r: BenchResults): Row[] {
  const workers = Object.entries(r.memory.peakRssMb).filter(([name]) => name.startsWith('mail-worker'));
  const workerPeak = workers.length > 0 ? Math.max(...workers.map(([, mb]) => mb)) : Number.NaN;
  return [
    { figure: 'peak RSS, any worker', value: fmt(workerPeak, 'MB'), target: '≤ 200 MB', pass: workerPeak <= 200 },
    {
      figure: 'Redis per queued email',
      value: fmt(r.memory.redisBytesPerQueuedEmail, 'bytes'),
      target: '≤ 1024 bytes',
      pass: Number.isFinite(r.memory.redisBytesPerQueuedEmail) ? r.memory.redisBytesPerQueuedEmail <= 1024 : null,
    },
  ];
}

function pacingRows(r: BenchResults): Row[] {
  const p = r.pacing;
  if (!p) return [{ figure: 'pacing', value: 'skipped', target: '', pass: null }];
  return [
    {
      figure: `pacing: most in any 60 s (${p.n} at ${p.perMinute}/min)`,
      value: String(p.maxPerMinute),
      target: `≤ ${p.perMinute}`,
      pass: p.maxPerMinute <= p.perMinute,
    },
    {
      figure: 'pacing: utilisation (ideal / actual span)',
      value: `${fmt(p.utilisation, '')} (${p.idealSpanMs / 1000} / ${fmt(round(p.actualSpanMs / 1000, 1), 's')})`,
      target: '0.95–1',
      pass: p.utilisation >= 0.95 && p.utilisation <= 1.01,
    },
    {
      figure: 'pacing: failed / seen held',
      value: `${p.failed} / ${p.held}`,
      target: '0 failed',
      pass: p.failed === 0,
    },
  ];
}

export function formatTable(r: BenchResults): string {
  const rows = targetRows(r);
  const widths = [
    Math.max(...rows.map((row) => row.figure.length), 6),
    Math.max(...rows.map((row) => row.value.length), 5),
    Math.max(...rows.map((row) => row.target.length), 6),
  ];
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  const out = [
    `Mailwright benchmark (${r.mode}) — ${r.machine.cores} cores (${r.machine.cpuModel}), Node ${r.machine.node}`,
    `load average at start ${r.machine.loadAverageStart.one} / end ${r.machine.loadAverageEnd.one} (1 min)`,
    '',
    `${line(['figure', 'value', 'target'])}  result`,
    ...rows.map((row) => `${line([row.figure, row.value, row.target])}  ${row.pass === null ? '' : row.pass ? 'ok' : 'MISSED'}`),
  ];
  const cpu = r.throughput.runs.twoWorkers.cpuMsPerEmail;
  out.push(
    '',
    'CPU ms per delivered email (2 workers): ' +
      Object.entries(cpu)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(', '),
  );
  out.push(
    'CPU ms per API request (gateway run): ' +
      Object.entries(r.api.runs.viaGateway.cpuMsPerRequest)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(', '),
  );
  out.push(
    'CPU ms per second when idle: ' +
      Object.entries(r.cpu.idleMsPerSecond)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(', '),
  );
  out.push(
    'peak RSS per process (MB, highest over the phases): ' +
      Object.entries(r.memory.peakRssMb)
        .map(([name, mb]) => `${name} ${mb}`)
        .join(', '),
  );
  out.push(
    'CPU ms per pixel request: ' +
      Object.entries(r.pixel.cpuMsPerRequest)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(', '),
  );
  return out.join('\n');
}
