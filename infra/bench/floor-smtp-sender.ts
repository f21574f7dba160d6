// The floor of one SMTP delivery in Node, for `npm run bench:floors`: N single-recipient messages, built once
// before timing, sent through the worker's own SMTP pool (services/mail's SmtpPool of SmtpSessions: PIPELINING,
// TCP_NODELAY) to an SMTP server. Moving the bytes is all it does: no queue, no database, no message
// building, no tracking. Prints one JSON line: what it sent and the CPU it used.
// Arguments: --port --n --connections --tag.
import { SmtpPool } from '../../services/mail/src/delivery/transports/smtp-pool';
import { requiredArg, sendAndReport } from './sender-process';

const port = Number(requiredArg('port'));
const n = Number(requiredArg('n'));
const connections = Number(requiredArg('connections'));
const tag = requiredArg('tag');

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
// Five sends per connection at once: the pool queues them, so no connection waits for the next message.
await sendAndReport(n, connections * 5, (index) =>
  pool.send({ from: 'floor-sender@bench.test', to: [`${tag}+${index}@bench.test`] }, messages[index] as Buffer),
);
pool.close();
