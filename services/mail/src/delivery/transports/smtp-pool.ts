// A pool of SMTP connections to one server, built on nodemailer's SMTPConnection (greeting, EHLO, STARTTLS,
// AUTH, dot-stuffing and reply codes stay nodemailer's). Two reasons it replaces nodemailer's pooled transport:
// its sockets keep Nagle's algorithm on, which made every message wait ~40 ms for the server's delayed ACK;
// and it re-runs its whole message pipeline (normalising, MIME streaming, plugins) per email, while this pool
// only moves bytes that were built once.
//
// A send may carry an AbortSignal (the delivery's deadline): waiting for a connection, connecting and sending all
// stop when it fires, and a connection cut mid-send is destroyed, so a server that trickles its replies (a tarpit)
// holds nothing past the deadline. Every connection resolves the host anew and connects to the checked address
// (smtp-target.ts).
import type { Socket } from 'node:net';
import SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';
import { resolveSmtpTarget, type SmtpTargetPolicy } from './smtp-target';

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

type Waiter = (pooled: PooledConnection | null) => void;

/** Messages per connection before it is replaced (as nodemailer's pool does). */
const MAX_MESSAGES_PER_CONNECTION = 1_000;
/** An idle connection is closed after this long; servers drop idle clients anyway. */
const IDLE_CLOSE_MS = 30_000;

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/** ETIMEDOUT: a transient failure (smtpFailure), so the email is retried with backoff. */
const deadlineError = () => Object.assign(new Error('SMTP delivery did not finish before its deadline'), { code: 'ETIMEDOUT' });

/** Settles like `work`, or rejects with deadlineError when `signal` fires first (then `onAbort` cleans up). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined, onAbort: () => void): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    onAbort();
    return Promise.reject(deadlineError());
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort();
      reject(deadlineError());
    };
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

/** close() only half-closes a connected socket; a tarpit would keep it open, so the socket is destroyed too. */
function destroy(connection: SMTPConnection): void {
  connection.close();
  (connection as unknown as { _socket?: Socket })._socket?.destroy();
}

export class SmtpPool {
  private readonly idle: PooledConnection[] = [];
  private readonly waiting: Waiter[] = [];
  private open = 0;
  private closed = false;

  constructor(
    private readonly server: SmtpServer,
    private readonly maxConnections: number,
    private readonly target: SmtpTargetPolicy = { allowPrivate: true },
  ) {}

  async send(envelope: Envelope, message: Buffer, signal?: AbortSignal): Promise<void> {
    const pooled = await this.acquire(signal);
    try {
      const sent = new Promise<void>((resolve, reject) => {
        pooled.connection.send(envelope, message, (error) => (error ? reject(error) : resolve()));
      });
      await untilAborted(sent, signal, () => {
        pooled.alive = false;
        destroy(pooled.connection);
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
    for (const waiter of this.waiting.splice(0)) waiter(null);
  }

  private async acquire(signal: AbortSignal | undefined): Promise<PooledConnection> {
    if (this.closed) throw Object.assign(new Error('SMTP pool closed'), { code: 'ECONNECTION' });
    if (signal?.aborted) throw deadlineError();
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
        return await this.connect(signal);
      } catch (error) {
        this.open -= 1;
        this.wakeWaiter();
        throw error;
      }
    }
    let waiter: Waiter | undefined;
    const handedOver = new Promise<PooledConnection | null>((resolve) => {
      waiter = resolve;
      this.waiting.push(resolve);
    });
    const pooled = await untilAborted(handedOver, signal, () => {
      const index = this.waiting.indexOf(waiter as Waiter);
      if (index >= 0) this.waiting.splice(index, 1);
    });
    if (!pooled) return this.acquire(signal);
    return pooled;
  }

  private release(pooled: PooledConnection): void {
    if (!pooled.alive || pooled.sent >= MAX_MESSAGES_PER_CONNECTION || this.closed) {
      this.discard(pooled);
      return;
    }
    const waiter = this.waiting.shift();
    if (waiter) {
      waiter(pooled);
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
    if (this.open < this.maxConnections) this.waiting.shift()?.(null);
  }

  private end(pooled: PooledConnection): void {
    const wasAlive = pooled.alive;
    pooled.alive = false;
    if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
    if (wasAlive) pooled.connection.quit();
    else destroy(pooled.connection);
  }

  private async connect(signal: AbortSignal | undefined): Promise<PooledConnection> {
    const target = await untilAborted(resolveSmtpTarget(this.server.host, this.target), signal, () => {});
    const connection = new SMTPConnection({
      host: target.address,
      tls: target.servername ? { servername: target.servername } : undefined,
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
      const connected = new Promise<void>((resolve, reject) =>
        connection.connect((error?: Error) => (error ? reject(error) : resolve())),
      );
      await untilAborted(connected, signal, () => destroy(connection));
      // SMTP is command/answer with small writes: with Nagle's algorithm on, the message's closing "." waits for
      // the server's delayed ACK (~40 ms), which capped every connection at about 20 messages per second.
      (connection as unknown as { _socket?: Socket })._socket?.setNoDelay(true);
      const auth = this.server.auth;
      if (auth) {
        const loggedIn = new Promise<void>((resolve, reject) =>
          connection.login({ user: auth.user, pass: auth.pass }, (error) => (error ? reject(error) : resolve())),
        );
        await untilAborted(loggedIn, signal, () => destroy(connection));
      }
    } catch (error) {
      pooled.alive = false;
      destroy(connection);
      throw error;
    }
    return pooled;
  }
}
