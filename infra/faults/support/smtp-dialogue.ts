// An SMTP conversation by hand over a plain socket: the fault suite needs to stop in the middle of DATA, which no
// client library lets a caller do. Replies are read line by line; a multi-line reply ends at "<code> " (RFC 5321).
import { connect, type Socket } from 'node:net';

export class SmtpDialogue {
  private buffer = '';
  private readonly waiting: Array<(line: string) => void> = [];
  private readonly lines: string[] = [];
  /** Resolves when the server's side of the connection is gone (closed or reset). */
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (let end = this.buffer.indexOf('\r\n'); end !== -1; end = this.buffer.indexOf('\r\n')) {
        const line = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const waiter = this.waiting.shift();
        if (waiter) waiter(line);
        else this.lines.push(line);
      }
    });
    socket.on('error', () => {});
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static async open(port: number): Promise<SmtpDialogue> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const dialogue = new SmtpDialogue(socket);
    await dialogue.reply(220);
    return dialogue;
  }

  private nextLine(): Promise<string> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no SMTP reply within 10 s')), 10_000);
      this.waiting.push((next) => {
        clearTimeout(timer);
        resolve(next);
      });
    });
  }

  /** The whole reply; throws when its code is not `code`. */
  async reply(code: number): Promise<string> {
    const lines: string[] = [];
    for (;;) {
      const line = await this.nextLine();
      lines.push(line);
      if (line[3] !== '-') break;
    }
    const text = lines.join('\n');
    if (!text.startsWith(String(code))) throw new Error(`expected ${code}, got: ${text}`);
    return text;
  }

  async command(line: string, code: number): Promise<string> {
    this.socket.write(`${line}\r\n`);
    return this.reply(code);
  }

  /** Bytes of a message in DATA (already dot-stuffed by the caller if it needs to be). */
  write(text: string): void {
    this.socket.write(text, 'latin1');
  }

  close(): void {
    this.socket.destroy();
  }
}
