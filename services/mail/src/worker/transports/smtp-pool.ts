// A pool of SMTP connections to one server, built on nodemailer's SMTPConnection (greeting, EHLO, STARTTLS,
// AUTH, dot-stuffing and reply codes stay nodemailer's). Two reasons it replaces nodemailer's pooled transport:
// its sockets keep Nagle's algorithm on, which made every message wait ~40 ms for the server's delayed ACK;
// and it re-runs its whole message pipeline (normalising, MIME streaming, plugins) per email, while this pool
// only moves bytes that were built once.
import type { Socket } from 'node:net';
import SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';

export interface SmtpServer {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
}

export interface Envelope {
  from: string;
  to: string[];
}

interface PooledConnection {
  connection: SMTPConnection;
  sent: number;
  alive: boolean;
  idleTimer: NodeJS.Timeout | null;
}

/** Messages per connection before it is replaced (as nodemailer's pool does). */
const MAX_MESSAGES_PER_CONNECTION = 1_000;
/** An idle connection is closed after this long; servers drop idle clients anyway. */
const IDLE_CLOSE_MS = 30_000;

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

export class SmtpPool {
  private readonly idle: PooledConnection[] = [];
  private readonly waiting: Array<{ resolve: (pooled: PooledConnection | null) => void }> = [];
  private open = 0;
  private closed = false;

  constructor(
    private readonly server: SmtpServer,
    private readonly maxConnections: number,
  ) {}

  async send(envelope: Envelope, message: Buffer): Promise<void> {
    const pooled = await this.acquire();
    try {
      await new Promise<void>((resolve, reject) => {
        pooled.connection.send(envelope, message, (error) => (error ? reject(error) : resolve()));
      });
      pooled.sent += 1;
      this.release(pooled);
    } catch (error) {
      // A refused recipient leaves the session mid-transaction; a fresh connection is simpler than RSET.
      this.discard(pooled);
      throw error;
    }
  }

  close(): void {
    this.closed = true;
    for (const pooled of this.idle.splice(0)) this.end(pooled);
    for (const waiter of this.waiting.splice(0)) waiter.resolve(null);
  }

  private async acquire(): Promise<PooledConnection> {
    if (this.closed) throw Object.assign(new Error('SMTP pool closed'), { code: 'ECONNECTION' });
    for (;;) {
      const pooled = this.idle.pop();
      if (!pooled) break;
      if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
      pooled.idleTimer = null;
      if (pooled.alive) return pooled;
      this.end(pooled);
      this.open -= 1;
    }
    if (this.open < this.maxConnections) {
      this.open += 1;
      try {
        return await this.connect();
      } catch (error) {
        this.open -= 1;
        this.wakeWaiter();
        throw error;
      }
    }
    const pooled = await new Promise<PooledConnection | null>((resolve) => this.waiting.push({ resolve }));
    if (!pooled) return this.acquire();
    return pooled;
  }

  private release(pooled: PooledConnection): void {
    if (!pooled.alive || pooled.sent >= MAX_MESSAGES_PER_CONNECTION || this.closed) {
      this.discard(pooled);
      return;
    }
    const waiter = this.waiting.shift();
    if (waiter) {
      waiter.resolve(pooled);
      return;
    }
    pooled.idleTimer = setTimeout(() => {
      const index = this.idle.indexOf(pooled);
      if (index >= 0) this.idle.splice(index, 1);
      this.discard(pooled);
    }, IDLE_CLOSE_MS);
    pooled.idleTimer.unref();
    this.idle.push(pooled);
  }

  private discard(pooled: PooledConnection): void {
    this.end(pooled);
    this.open -= 1;
    this.wakeWaiter();
  }

  /** A waiter gets a fresh connection slot (it calls acquire again). */
  private wakeWaiter(): void {
    if (this.open < this.maxConnections) this.waiting.shift()?.resolve(null);
  }

  private end(pooled: PooledConnection): void {
    pooled.alive = false;
    if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
    pooled.connection.quit();
  }

  private async connect(): Promise<PooledConnection> {
    const connection = new SMTPConnection({
      host: this.server.host,
      port: this.server.port,
      secure: this.server.secure,
      ...TIMEOUTS,
    });
    const pooled: PooledConnection = { connection, sent: 0, alive: true, idleTimer: null };
    connection.on('error', () => {
      pooled.alive = false;
    });
    connection.on('end', () => {
      pooled.alive = false;
    });
    try {
      await new Promise<void>((resolve, reject) => connection.connect((error?: Error) => (error ? reject(error) : resolve())));
      // SMTP is command/answer with small writes: with Nagle's algorithm on, the message's closing "." waits for
      // the server's delayed ACK (~40 ms), which capped every connection at about 20 messages per second.
      (connection as unknown as { _socket?: Socket })._socket?.setNoDelay(true);
      const auth = this.server.auth;
      if (auth) {
        await new Promise<void>((resolve, reject) =>
          connection.login({ user: auth.user, pass: auth.pass }, (error) => (error ? reject(error) : resolve())),
        );
      }
    } catch (error) {
      pooled.alive = false;
      connection.close();
      throw error;
    }
    return pooled;
  }
}
