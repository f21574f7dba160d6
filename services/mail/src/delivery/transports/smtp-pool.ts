// A pool of SMTP connections to one server, each an SmtpSession (kit's smtp/smtp-session.ts: pipelined, TCP_NODELAY, STARTTLS,
// AUTH). The pool only moves bytes that were built once per email; it keeps up to maxConnections sessions, hands an
// idle one to the next send, and replaces a session after MAX_MESSAGES_PER_CONNECTION messages or a failure that
// closed it (a refused envelope or message does not: the session resets it with RSET).
//
// A send may carry the delivery's deadline (send-deadline.ts): waiting for a connection, connecting and sending all
// stop when it passes, and a connection cut mid-send is destroyed, so a server that trickles its replies (a tarpit)
// holds nothing past the deadline. Every connection resolves the host anew and connects to the checked address
// (smtp-target.ts).
import { type SmtpEnvelope, SmtpError, SmtpSession } from '@mailwright/kit';
import { beforeDeadline, type Deadline } from '../send-deadline';
import { resolveSmtpTarget, type SmtpTargetPolicy } from './smtp-target';

export interface SmtpServer {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
}

interface PooledConnection {
  session: SmtpSession;
  sent: number;
  idleTimer: NodeJS.Timeout | null;
}

type Waiter = (pooled: PooledConnection | null) => void;

/** Messages per connection before it is replaced (as nodemailer's pool does). */
const MAX_MESSAGES_PER_CONNECTION = 1_000;
/** An idle connection is closed after this long; servers drop idle clients anyway. */
const IDLE_CLOSE_MS = 30_000;

/** ETIMEDOUT: a transient failure (smtpFailure), so the email is retried with backoff. */
const deadlineError = () => new SmtpError('SMTP delivery did not finish before its deadline', 'ETIMEDOUT');

/** Settles like `work`, or rejects with deadlineError when `deadline` passes first (then `onAbort` cleans up). */
const untilAborted = <T>(work: Promise<T>, deadline: Deadline | undefined, onAbort: () => void): Promise<T> =>
  beforeDeadline(work, deadline, () => {
    onAbort();
    return deadlineError();
  });

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

  async send(envelope: SmtpEnvelope, message: Buffer, deadline?: Deadline): Promise<void> {
    const pooled = await this.acquire(deadline);
    try {
      await untilAborted(pooled.session.send(envelope, message), deadline, () => pooled.session.destroy());
      pooled.sent += 1;
      this.release(pooled);
    } catch (error) {
      // A refused envelope or message leaves the session usable (reset with RSET); anything else closed it.
      if (pooled.session.usable) this.release(pooled);
      else this.discard(pooled);
      throw error;
    }
  }

  close(): void {
    this.closed = true;
    for (const pooled of this.idle.splice(0)) this.end(pooled);
    for (const waiter of this.waiting.splice(0)) waiter(null);
  }

  private async acquire(deadline: Deadline | undefined): Promise<PooledConnection> {
    if (this.closed) throw new SmtpError('SMTP pool closed', 'ECONNECTION');
    if (deadline?.expired) throw deadlineError();
    for (;;) {
      const pooled = this.idle.pop();
      if (!pooled) break;
      if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
      pooled.idleTimer = null;
      if (pooled.session.usable) return pooled;
      this.end(pooled);
      this.open -= 1;
    }
    if (this.open < this.maxConnections) {
      this.open += 1;
      try {
        return await this.connect(deadline);
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
    const pooled = await untilAborted(handedOver, deadline, () => {
      const index = this.waiting.indexOf(waiter as Waiter);
      if (index >= 0) this.waiting.splice(index, 1);
    });
    if (!pooled) return this.acquire(deadline);
    return pooled;
  }

  private release(pooled: PooledConnection): void {
    if (!pooled.session.usable || pooled.sent >= MAX_MESSAGES_PER_CONNECTION || this.closed) {
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
    if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
    pooled.session.quit();
  }

  private async connect(deadline: Deadline | undefined): Promise<PooledConnection> {
    const target = await untilAborted(resolveSmtpTarget(this.server.host, this.target), deadline, () => {});
    const { port, secure, auth } = this.server;
    const session = new SmtpSession({ address: target.connectTo, serverName: target.serverName, port, secure, auth });
    try {
      await untilAborted(session.start(), deadline, () => session.destroy());
    } catch (error) {
      session.destroy();
      throw error;
    }
    return { session, sent: 0, idleTimer: null };
  }
}
