// The floor of one SMTP delivery in Node, for `npm run bench:floors`: N single-recipient messages, built once
// before timing, sent through the worker's own SMTP pool (services/mail's SmtpPool: nodemailer's SMTPConnection,
// PIPELINING, TCP_NODELAY) to an SMTP server. Moving the bytes is all it does: no queue, no database, no message
// building, no tracking. Prints one JSON line: what it sent and the CPU it used.
// Arguments: --port --n --connections --tag.
import { SmtpPool } from '../../services/mail/src/delivery/transports/smtp-pool';

const arg = (name: string) => {
  const found = process.argv.find((value) => value.startsWith(`--${name}=`));
  if (!found) throw new Error(`--${name}= is required`);
  return found.slice(name.length + 3);
};
const port = Number(arg('port'));
const n = Number(arg('n'));
const connections = Number(arg('connections'));
const tag = arg('tag');

const messageFor = (index: number) =>
  Buffer.from(
    [
      'From: floor-sender@bench.test',
      `To: ${tag}+${index}@bench.test`,
      `Subject: Benchmark email ${index}`,
      `Message-ID: <${index}.floor@bench.test>`,
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: 7bit',
      '',
      `<p>Hello from the benchmark, email ${index}.</p><p><a href="https://example.com/offer?i=${index}">See the offer</a></p>`,
      '',
    ].join('\r\n'),
  );

const messages = Array.from({ length: n }, (_, index) => messageFor(index));
const pool = new SmtpPool({ host: '127.0.0.1', port, secure: false }, connections);
const errorKinds: Record<string, number> = {};
let sent = 0;
let next = 0;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const sender = async () => {
  for (let index = next++; index < n; index = next++) {
    try {
      await pool.send({ from: 'floor-sender@bench.test', to: [`${tag}+${index}@bench.test`] }, messages[index] as Buffer);
      sent += 1;
    } catch (error) {
      const kind = String((error as Error).message).slice(0, 60);
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    }
  }
};
await Promise.all(Array.from({ length: connections * 5 }, sender));
const elapsedMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
pool.close();
process.stdout.write(`${JSON.stringify({ sent, errorKinds, elapsedMs, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
