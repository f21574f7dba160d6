// A real SMTP server (smtp-server) that parses what it receives (mailparser); recipients can be set to
// answer with an SMTP error a number of times, to exercise retries and permanent failures.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  envelopeTo: string[];
  parsed: ParsedMail;
  receivedAt: number;
}

export class SmtpPeer {
  readonly received: Received[] = [];
  readonly logins: string[] = [];
  private readonly rules: Array<{ match: string; code: number; message: string; remaining: number }> = [];
  private server!: SMTPServer;
  port = 0;
  /** Milliseconds each message takes to accept (to keep a batch in flight long enough to interrupt it). */
  delayMs = 0;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      secure: false,
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (auth, _session, callback) => {
        this.logins.push(`${auth.username}:${auth.password}`);
        callback(null, { user: auth.username });
      },
      onRcptTo: (address, _session, callback) => {
        const rule = this.rules.find((r) => r.remaining !== 0 && address.address.includes(r.match));
        if (rule) {
          rule.remaining -= 1;
          return callback(Object.assign(new Error(rule.message), { responseCode: rule.code }));
        }
        callback();
      },
      onData: (stream, session, callback) => {
        simpleParser(stream).then(
          (parsed) => {
            this.received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed, receivedAt: Date.now() });
            if (this.delayMs > 0) setTimeout(callback, this.delayMs);
            else callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    // smtp-server re-emits a socket error inside a transaction on the server; a client that resets mid-message (a
    // worker killed by a test, a pooled connection dropped at shutdown) must not crash the test process.
    this.server.on('error', () => {});
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  /** The next `times` RCPTs matching `match` answer `code message` (-1 = always). */
  reject(match: string, code: number, message: string, times = -1): void {
    this.rules.push({ match, code, message, remaining: times });
  }

  to(address: string): Received[] {
    return this.received.filter((r) => r.envelopeTo.includes(address));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
