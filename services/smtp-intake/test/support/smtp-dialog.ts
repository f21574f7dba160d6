// A raw SMTP client over plain TCP (the intake allows AUTH before TLS on loopback): sends lines or bytes as given,
// pipelined or not, and collects whole replies, so tests can send what no well-behaved client would.
import { connect, type Socket } from 'node:net';

export interface Reply {
  code: number;
  text: string;
}

export class SmtpDialog {
  private buffer = '';
  private readonly queue: Reply[] = [];
  private waiting: (() => void) | undefined;
  closed = false;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('latin1');
      this.parse();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
    socket.on('error', () => {});
  }

  /** `localAddress`: another loopback address (127.0.0.2) to connect from, to be a different client. */
  static async open(port: number, localAddress?: string): Promise<SmtpDialog> {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const dialog = new SmtpDialog(socket);
    await dialog.reply();
    return dialog;
  }

  /** Opens a connection, says EHLO and signs in with AUTH PLAIN. */
  static async signedIn(port: number, key: string): Promise<SmtpDialog> {
    const dialog = await SmtpDialog.open(port);
    await dialog.command('EHLO client.test');
    const auth = await dialog.command(`AUTH PLAIN ${Buffer.from(`\0app\0${key}`).toString('base64')}`);
    if (auth.code !== 235) throw new Error(`sign-in refused: ${auth.code} ${auth.text}`);
    return dialog;
  }

  write(data: string | Buffer): void {
    this.socket.write(data);
  }

  async command(line: string): Promise<Reply> {
    this.write(`${line}\r\n`);
    return this.reply();
  }

  /** The next whole reply (multi-line replies joined); rejects when the connection closes first. */
  async reply(timeoutMs = 10_000): Promise<Reply> {
    const deadline = Date.now() + timeoutMs;
    while (this.queue.length === 0) {
      if (this.closed) throw new Error('connection closed');
      if (Date.now() > deadline) throw new Error('no reply');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 50);
      });
    }
    return this.queue.shift() as Reply;
  }

  async replies(count: number): Promise<Reply[]> {
    const all: Reply[] = [];
    for (let i = 0; i < count; i++) all.push(await this.reply());
    return all;
  }

  close(): void {
    this.socket.destroy();
  }

  private parse(): void {
    for (;;) {
      const lines = this.buffer.split('\r\n');
      let end = -1;
      for (let i = 0; i < lines.length - 1; i++) {
        if (/^\d{3} /.test(lines[i] ?? '') || /^\d{3}$/.test(lines[i] ?? '')) {
          end = i;
          break;
        }
      }
      if (end < 0) return;
      const taken = lines.slice(0, end + 1);
      this.buffer = lines.slice(end + 1).join('\r\n');
      this.queue.push({ code: Number(taken[end]?.slice(0, 3)), text: taken.map((line) => line.slice(4)).join('\n') });
      this.waiting?.();
    }
  }
}
