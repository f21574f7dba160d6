// The one SMTP test peer: a real SMTP server (smtp-server) on a free loopback port for unit, integration,
// whole-stack tests and the benchmark. It can check logins, offer STARTTLS or implicit TLS, parse what it
// receives (mailparser), keep raw bytes, or only count (the benchmark's speed), and answer with SMTP
// errors or slowly to exercise retries, permanent failures and interrupted batches.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** What the peer keeps of a message: parse it, keep its raw bytes, or only count it. */
export type SmtpPeerContent = 'parsed' | 'raw' | 'count';

export interface SmtpPeerOptions {
  /** Default 'parsed'. In 'count' mode nothing is kept in `received`; `delivered` and `onMessage` still see each message. */
  content?: SmtpPeerContent;
  /** When set, AUTH checks username → password against this map (or asks this function); otherwise any login is accepted. */
  users?: Record<string, string> | ((username: string, password: string) => boolean);
  /** Refuse mail from clients that did not authenticate (default false). */
  authRequired?: boolean;
  /** Default ['PLAIN', 'LOGIN']. */
  authMethods?: string[];
  /** Offer STARTTLS (or, with `implicit`, TLS from the first byte); smtp-server's own test certificate unless given. */
  tls?: { implicit?: boolean; key?: string | Buffer; cert?: string | Buffer };
  /** In 'count' mode, keep the raw bytes of the messages whose envelope recipients this accepts (passed to onMessage). */
  keepRawFor?: (envelopeTo: string[]) => boolean;
  /** Called for every accepted message, in every mode, before the peer answers DATA. */
  onMessage?: (message: SmtpPeerMessage) => void;
  /**
   * Milliseconds to wait before answering each DATA (keeps a batch in flight long enough to interrupt it), or the
   * wait for a message's envelope recipients: milliseconds, or a promise the answer waits for.
   */
  answerAfter?: PeerDelay;
  /** Largest message accepted, in bytes (default 40 MiB). */
  size?: number;
  /** Offer PIPELINING in the EHLO answer (default true); false makes clients send their commands one by one. */
  pipelining?: boolean;
  host?: string;
  port?: number;
}

export type PeerDelay = number | ((envelopeTo: string[]) => number | Promise<unknown>);

export interface SmtpPeerMessage {
  envelopeFrom: string;
  envelopeTo: string[];
  /** Set in 'parsed' mode. */
  parsed?: ParsedMail;
  /** Set in 'raw' and 'parsed' mode, and in 'count' mode for the recipients `keepRawFor` accepts. */
  raw?: Buffer;
  /** Whether the message came over TLS (implicit or after STARTTLS). */
  secure: boolean;
  receivedAt: number;
}

/** A parsed message (what `received` holds in 'parsed' mode). */
export type ParsedSmtpMessage = SmtpPeerMessage & { parsed: ParsedMail };

export interface SmtpFailureRule {
  /** Substring of the recipient address this rule applies to. */
  match: string;
  code: number;
  message: string;
  /** How many more answers this rule gives (-1 = always). */
  remaining: number;
  /** Which command answers with the error (default 'rcpt'). */
  at: 'rcpt' | 'data';
}

interface Waiter {
  match: (message: SmtpPeerMessage) => boolean;
  resolve: (message: SmtpPeerMessage) => void;
}

const DEFAULT_SIZE = 40 * 1024 * 1024;

export class SmtpPeer {
  readonly received: SmtpPeerMessage[] = [];
  /** Usernames that authenticated, in order. */
  readonly logins: string[] = [];
  /** Every AUTH attempt, right or wrong, with the password the client sent. */
  readonly attempts: Array<{ username: string; password: string }> = [];
  /** Every answer a `reject` rule gave, with the recipients it refused and when. */
  readonly refusals: Array<{ recipients: string[]; code: number; at: number }> = [];
  /** Socket errors smtp-server re-emitted on the server (a client reset mid-message); recorded, never thrown. */
  readonly errors: Error[] = [];
  delivered = 0;
  connections = 0;
  openConnections = 0;
  peakConnections = 0;
  answerAfter: PeerDelay;
  port = 0;
  readonly host: string;
  private readonly rules: SmtpFailureRule[] = [];
  private readonly waiters: Waiter[] = [];
  private readonly content: SmtpPeerContent;
  private readonly server: SMTPServer;

  constructor(private readonly options: SmtpPeerOptions = {}) {
    this.content = options.content ?? 'parsed';
    this.answerAfter = options.answerAfter ?? 0;
    this.host = options.host ?? '127.0.0.1';
    this.server = new SMTPServer(this.serverOptions());
    // smtp-server re-emits a client's socket error (a worker killed mid-message, a pooled connection dropped
    // at shutdown) on the server; without a listener it would crash the test process.
    this.server.on('error', (error: Error) => {
      this.errors.push(error);
    });
  }

  /** Listens on a free port (or the one given) and returns the `smtp://host:port` URL. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(this.options.port ?? 0, this.host, resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this.url;
  }

  get url(): string {
    return `${this.options.tls?.implicit ? 'smtps' : 'smtp'}://${this.host}:${this.port}`;
  }

  /** The next `times` answers to recipients containing `match` are `code message` (-1 = always). */
  reject(match: string, code: number, message: string, times = -1, at: SmtpFailureRule['at'] = 'rcpt'): void {
    this.rules.push({ match, code, message, remaining: times, at });
  }

  /** Messages whose envelope includes `address`. */
  to(address: string): SmtpPeerMessage[] {
    return this.received.filter((message) => message.envelopeTo.includes(address));
  }

  /** Parsed messages (every received one in 'parsed' mode). */
  get messages(): ParsedSmtpMessage[] {
    return this.received.filter((message): message is ParsedSmtpMessage => message.parsed !== undefined);
  }

  /**
   * The first received message matching `match`, waiting up to `timeoutMs` for it. With `take`, the message
   * leaves `received` so the next call finds the one after it.
   */
  next(match: (message: SmtpPeerMessage) => boolean, { timeoutMs = 10_000, take = false } = {}): Promise<SmtpPeerMessage> {
    const taken = (message: SmtpPeerMessage) => {
      if (take) this.received.splice(this.received.indexOf(message), 1);
      return message;
    };
    const existing = this.received.find(match);
    if (existing) return Promise.resolve(taken(existing));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(taken(message));
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`No matching message within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serverOptions(): SMTPServerOptions {
    const { tls, users } = this.options;
    return {
      secure: tls?.implicit ?? false,
      ...(tls?.key ? { key: tls.key } : {}),
      ...(tls?.cert ? { cert: tls.cert } : {}),
      ...(tls ? {} : { disabledCommands: ['STARTTLS'] }),
      authOptional: !this.options.authRequired,
      authMethods: this.options.authMethods ?? ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      hidePIPELINING: this.options.pipelining === false,
      logger: false,
      size: this.options.size ?? DEFAULT_SIZE,
      onConnect: (_session, callback) => {
        this.connections += 1;
        this.openConnections += 1;
        this.peakConnections = Math.max(this.peakConnections, this.openConnections);
        callback();
      },
      onClose: () => {
        this.openConnections -= 1;
      },
      onAuth: (auth, _session, callback) => {
        const username = auth.username ?? '';
        const password = auth.password ?? '';
        this.attempts.push({ username, password });
        const isAccepted = !users || (typeof users === 'function' ? users(username, password) : users[username] === password);
        if (!isAccepted) return callback(new Error('Authentication failed'));
        this.logins.push(username);
        callback(null, { user: username });
      },
      onRcptTo: (address, _session, callback) => callback(this.failure('rcpt', [address.address]) ?? undefined),
      onData: (stream, session, callback) => {
        const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address);
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const { secure } = session;
        const failure = this.failure('data', envelopeTo);
        const finish = (message: SmtpPeerMessage) => {
          if (failure) return callback(failure);
          this.accept(message);
          const delay = typeof this.answerAfter === 'number' ? this.answerAfter : this.answerAfter(envelopeTo);
          if (typeof delay !== 'number') void delay.finally(() => callback());
          else if (delay > 0) setTimeout(callback, delay);
          else callback();
        };
        if (this.content === 'parsed') {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks);
            simpleParser(raw).then(
              (parsed) => finish({ envelopeFrom, envelopeTo, parsed, raw, secure, receivedAt: Date.now() }),
              (error: Error) => callback(error),
            );
          });
          return;
        }
        const keepRaw = this.content === 'raw' || (this.options.keepRawFor?.(envelopeTo) ?? false);
        const chunks: Buffer[] | null = keepRaw ? [] : null;
        stream.on('data', (chunk: Buffer) => chunks?.push(chunk));
        stream.on('end', () => {
          const raw = chunks ? Buffer.concat(chunks) : undefined;
          finish({ envelopeFrom, envelopeTo, ...(raw ? { raw } : {}), secure, receivedAt: Date.now() });
        });
      },
    };
  }

  private accept(message: SmtpPeerMessage): void {
    this.delivered += 1;
    this.options.onMessage?.(message);
    if (this.content === 'count') return;
    this.received.push(message);
    for (const waiter of [...this.waiters]) {
      if (!waiter.match(message)) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(message);
      return;
    }
  }

  private failure(at: SmtpFailureRule['at'], recipients: string[]): Error | null {
    const rule = this.rules.find(
      (candidate) =>
        candidate.at === at && candidate.remaining !== 0 && recipients.some((address) => address.includes(candidate.match)),
    );
    if (!rule) return null;
    if (rule.remaining > 0) rule.remaining -= 1;
    this.refusals.push({ recipients, code: rule.code, at: Date.now() });
    return Object.assign(new Error(rule.message), { responseCode: rule.code });
  }
}

/** Every address in a parsed To/Cc header. */
export function parsedAddresses(value: ParsedMail['to']): string[] {
  if (!value) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((group) => group.value.map((entry) => entry.address ?? '')).filter(Boolean);
}
