// The baseline's sender, run as its own Node process by phases/baseline.ts: N emails straight to an SMTP server
// over nodemailer's pooled transport (as an application without a sending platform would send them), then one
// JSON line on stdout with what it sent and the CPU it used. Arguments: --port --n --connections --tag.
import nodemailer from 'nodemailer';

const arg = (name: string) => {
  const found = process.argv.find((value) => value.startsWith(`--${name}=`));
  if (!found) throw new Error(`--${name}= is required`);
  return found.slice(name.length + 3);
};
const port = Number(arg('port'));
const n = Number(arg('n'));
const connections = Number(arg('connections'));
const tag = arg('tag');

const transport = nodemailer.createTransport({
  pool: true,
  maxConnections: connections,
  maxMessages: Number.POSITIVE_INFINITY,
  host: '127.0.0.1',
  port,
  ignoreTLS: true,
});
const errorKinds: Record<string, number> = {};
let sent = 0;
let next = 0;
const cpuBefore = process.cpuUsage();
const started = performance.now();
// One sender per pooled connection keeps every connection busy (the pool queues the rest anyway).
const sender = async () => {
  for (let index = next++; index < n; index = next++) {
    try {
      await transport.sendMail({
        from: 'baseline-sender@bench.test',
        to: `${tag}+${index}@bench.test`,
        subject: `Benchmark email ${index}`,
        html: `<p>Hello from the benchmark, email ${index}.</p><p><a href="https://example.com/offer?i=${index}">See the offer</a></p>`,
      });
      sent += 1;
    } catch (error) {
      const kind = String((error as Error).message).slice(0, 60);
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    }
  }
};
await Promise.all(Array.from({ length: connections }, sender));
const elapsedMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
transport.close();
process.stdout.write(`${JSON.stringify({ sent, errorKinds, elapsedMs, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
