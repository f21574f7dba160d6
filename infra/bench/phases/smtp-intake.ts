// SMTP submission (issue 22): messages accepted per second through the SMTP intake over `connections` pooled
// connections (nodemailer's pool, as an application would submit), and the CPU each process spends per message,
// beside the send API's CPU per request. Every accepted message is then waited for at the sink.
import { smtpIntakeProcess } from '@mailwright/contracts';
import nodemailer from 'nodemailer';
import { listenerPortKey } from '../../launcher/stack-environment';
import { type BenchContext, loadAverage } from '../context';
import { cpuPerUnit, cpuSnapshot } from '../cpu-usage';
import { round } from '../stats';
import { waitForDeliveries } from './api-latency';

export interface SmtpIntakeResult {
  messages: number;
  connections: number;
  accepted: number;
  errors: number;
  errorKinds: Record<string, number>;
  acceptedPerSecond: number;
  delivered: number;
  cpuMsPerMessage: Record<string, number>;
  load: { one: number; five: number };
}

export async function measureSmtpIntake(
  ctx: BenchContext,
  options: { messages: number; connections: number; tag: string },
): Promise<SmtpIntakeResult | null> {
  const port = ctx.stack.ports.get(listenerPortKey(smtpIntakeProcess.name, 'submission'));
  if (port === undefined) return null;
  // The listener is on loopback, where AUTH is allowed before TLS; the phase measures the intake, not TLS.
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: options.connections,
    maxMessages: Number.POSITIVE_INFINITY,
    host: '127.0.0.1',
    port,
    ignoreTLS: true,
    auth: { user: 'bench', pass: ctx.user.apiKey },
  });
  const errorKinds: Record<string, number> = {};
  let accepted = 0;
  let next = 0;
  const cpuBefore = cpuSnapshot(ctx.stack);
  const started = performance.now();
  const submitter = async () => {
    for (let index = next++; index < options.messages; index = next++) {
      try {
        await transport.sendMail({
          from: 'sender@bench.test',
          to: `${options.tag}+${index}@bench.test`,
          subject: `Benchmark submission ${index}`,
          html: `<p>Hello from the benchmark, message ${index}.</p><p><a href="https://example.com/offer?i=${index}">See the offer</a></p>`,
          text: `Hello from the benchmark, message ${index}. See the offer: https://example.com/offer?i=${index}`,
        });
        accepted += 1;
      } catch (error) {
        const kind = String((error as { responseCode?: number }).responseCode ?? (error as Error).message).slice(0, 60);
        errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
      }
      if ((index + 1) % 500 === 0) ctx.log(`  ${options.tag}: ${index + 1}/${options.messages} submitted`);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, submitter));
  const seconds = (performance.now() - started) / 1000;
  const cpuMsPerMessage = cpuPerUnit(cpuBefore, cpuSnapshot(ctx.stack), accepted);
  transport.close();
  const delivered = await waitForDeliveries(ctx, options.tag, accepted);
  return {
    messages: options.messages,
    connections: options.connections,
    accepted,
    errors: options.messages - accepted,
    errorKinds,
    acceptedPerSecond: round(accepted / seconds, 1),
    delivered,
    cpuMsPerMessage,
    load: loadAverage(),
  };
}
