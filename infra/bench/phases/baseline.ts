// The baseline beside the platform: the same N emails sent straight from one Node process with nodemailer's
// pooled transport (20 connections) to the same sink, no API, queue or database. `throughput.vsBaseline` is
// the platform's delivered rate over this one.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchContext, loadAverage } from '../context';
import { round } from '../stats';
import { waitForDeliveries } from './api-latency';

export interface BaselineResult {
  n: number;
  connections: number;
  sent: number;
  delivered: number;
  errorKinds: Record<string, number>;
  /** First send → last delivery at the sink. */
  elapsedMs: number;
  emailsPerSecond: number;
  /** The sending process's CPU per email (ms). */
  cpuMsPerEmail: number;
  load: { one: number; five: number };
}

const senderScript = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'baseline-sender.ts');

export async function measureBaseline(
  ctx: BenchContext,
  options: { n: number; connections: number; tag: string },
): Promise<BaselineResult> {
  const deliveries = ctx.sink.time(options.tag);
  const started = Date.now();
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        senderScript,
        `--port=${ctx.sink.port}`,
        `--n=${options.n}`,
        `--connections=${options.connections}`,
        `--tag=${options.tag}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`baseline sender exited ${code}: ${stderr.slice(-500)}`)),
    );
  });
  const report = JSON.parse(output.trim().split('\n').pop() ?? '{}') as {
    sent: number;
    errorKinds: Record<string, number>;
    cpuMs: number;
  };
  const delivered = await waitForDeliveries(ctx, options.tag, report.sent, 30_000);
  // The sender process's start-up (tsx) is not sending: timed from the sink's first receipt to its last.
  const first = deliveries[0] ?? started;
  const last = deliveries[deliveries.length - 1] ?? Date.now();
  const elapsedMs = Math.max(1, last - first);
  return {
    n: options.n,
    connections: options.connections,
    sent: report.sent,
    delivered,
    errorKinds: report.errorKinds,
    elapsedMs: round(elapsedMs, 0),
    emailsPerSecond: round(((delivered - 1) / elapsedMs) * 1000, 1),
    cpuMsPerEmail: round(report.cpuMs / Math.max(1, report.sent), 3),
    load: loadAverage(),
  };
}
