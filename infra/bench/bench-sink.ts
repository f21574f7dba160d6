// The benchmark's SMTP peer: accepts and discards as fast as it can (smtp-server, no parsing). It counts
// deliveries per recipient tag (the local part before '+'), records receive times for the tags a phase
// asks to time, and keeps the raw message for tags a phase asks to capture (to read a tracking pixel URL).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export class BenchSink {
  delivered = 0;
  private readonly counts = new Map<string, number>();
  private readonly timed = new Map<string, number[]>();
  private readonly captured = new Map<string, string[]>();
  private server!: SMTPServer;
  port = 0;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      secure: false,
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 40 * 1024 * 1024,
      onAuth: (_auth, _session, callback) => callback(null, { user: 'sink' }),
      onData: (stream, session, callback) => {
        const tags = session.envelope.rcptTo.map((r) => tagOf(r.address));
        const capture = tags.find((tag) => this.captured.has(tag));
        const chunks: Buffer[] | null = capture ? [] : null;
        stream.on('data', (chunk: Buffer) => chunks?.push(chunk));
        stream.on('end', () => {
          const now = Date.now();
          this.delivered += 1;
          const tag = tags[0] ?? '';
          this.counts.set(tag, (this.counts.get(tag) ?? 0) + 1);
          this.timed.get(tag)?.push(now);
          if (capture && chunks) this.captured.get(capture)?.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    this.server.on('error', () => {}); // a worker stopped between phases resets its sockets: not a sink failure
    this.port = await new Promise<number>((resolve) => {
      this.server.listen(0, '127.0.0.1', () => resolve((this.server.server.address() as AddressInfo).port));
    });
  }

  count(tag: string): number {
    return this.counts.get(tag) ?? 0;
  }

  /** Records the receive time of every later delivery to `tag`. */
  time(tag: string): number[] {
    const list: number[] = [];
    this.timed.set(tag, list);
    return list;
  }

  /** Keeps the raw text of every later delivery to `tag`. */
  capture(tag: string): string[] {
    const list: string[] = [];
    this.captured.set(tag, list);
    return list;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** 'tput+123@bench.test' → 'tput'. */
export const tagOf = (address: string) => (address.split('@')[0] ?? '').split('+')[0]?.toLowerCase() ?? '';
