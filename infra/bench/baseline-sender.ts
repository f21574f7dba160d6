// The baseline's sender, run as its own Node process by phases/baseline.ts: N emails straight to an SMTP server
// over nodemailer's pooled transport (as an application without a sending platform would send them), then one
// JSON line on stdout with what it sent and the CPU it used. Arguments: --port --n --connections --tag.
import nodemailer from 'nodemailer';
import { requiredArg, sendAndReport } from './sender-process';

const port = Number(requiredArg('port'));
const n = Number(requiredArg('n'));
const connections = Number(requiredArg('connections'));
const tag = requiredArg('tag');

const transport = nodemailer.createTransport({
  pool: true,
  maxConnections: connections,
  maxMessages: Number.POSITIVE_INFINITY,
  host: '127.0.0.1',
  port,
  ignoreTLS: true,
});
// One sender per pooled connection keeps every connection busy (the pool queues the rest anyway).
await sendAndReport(n, connections, (index) =>
  transport.sendMail({
    from: 'baseline-sender@bench.test',
    to: `${tag}+${index}@bench.test`,
    subject: `Benchmark email ${index}`,
    html: `<p>Hello from the benchmark, email ${index}.</p><p><a href="https://example.com/offer?i=${index}">See the offer</a></p>`,
  }),
);
transport.close();
