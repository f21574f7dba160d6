// An SMTP server's replies read from its bytes (RFC 5321 §4.2): lines end in CRLF, "250-text" continues a reply and
// "250 text" (or "250") ends it. Each complete reply goes to the oldest command still waiting, in order, which is
// what lets a client pipeline its commands (RFC 2920). A reply no command waits for (a server's 421 on an idle
// connection) goes to `onUnexpected`.
import { StringDecoder } from 'node:string_decoder';
import { SmtpError } from './smtp-error';

export interface SmtpReply {
  code: number;
  /** Each line's text after the code. */
  lines: string[];
  /** The reply as the server wrote it, its lines joined with "\n": what an error shows. */
  text: string;
}

interface Waiter {
  resolve: (reply: SmtpReply) => void;
  reject: (error: Error) => void;
}

/** RFC 5321 allows 512 bytes a line; a server sending far more without a line break is not speaking SMTP. */
const MAX_PENDING_CHARS = 64 * 1024;
const MAX_LINES_PER_REPLY = 1_000;

export class ReplyReader {
  private readonly decoder = new StringDecoder('utf8');
  private readonly waiters: Waiter[] = [];
  private pending = '';
  private lines: string[] = [];
  private failure: Error | null = null;

  constructor(private readonly onUnexpected: (reply: SmtpReply) => void) {}

  /** The next reply. Call it before writing the command, so a fast reply always finds its waiter. */
  next(): Promise<SmtpReply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** Whether bytes of a reply not yet complete are held. */
  get holdsPartialReply(): boolean {
    return this.pending !== '' || this.lines.length > 0;
  }

  push(chunk: Buffer): void {
    this.pending += this.decoder.write(chunk);
    let start = 0;
    for (let end = this.pending.indexOf('\n'); end !== -1 && !this.failure; end = this.pending.indexOf('\n', start)) {
      const line =
        this.pending.charCodeAt(end - 1) === 0x0d ? this.pending.slice(start, end - 1) : this.pending.slice(start, end);
      start = end + 1;
      this.lines.push(line);
      if (line.charAt(3) !== '-') this.complete();
      else if (this.lines.length > MAX_LINES_PER_REPLY) this.fail(protocolError('a reply of more than 1,000 lines'));
    }
    this.pending = this.pending.slice(start);
    if (this.pending.length > MAX_PENDING_CHARS) this.fail(protocolError('a line longer than 64 KB'));
  }

  /** Every waiting command, and every later one, fails with `error`. */
  fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.failure);
  }

  private complete(): void {
    const lines = this.lines;
    this.lines = [];
    const code = Number(lines[0]?.slice(0, 3));
    if (!Number.isInteger(code) || code < 200 || code > 599) {
      this.fail(protocolError(`an invalid reply: ${lines[0]?.slice(0, 80)}`));
      return;
    }
    const reply = { code, lines: lines.map((line) => line.slice(4)), text: lines.join('\n') };
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(reply);
    else this.onUnexpected(reply);
  }
}

const protocolError = (what: string) => new SmtpError(`The SMTP server sent ${what}`, 'EPROTOCOL');
