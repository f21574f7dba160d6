// One SMTP client connection (RFC 5321): greeting, EHLO (HELO when refused), STARTTLS whenever the server offers
// it, AUTH PLAIN or LOGIN, then messages one after the other. With PIPELINING (RFC 2920) a message's MAIL, RCPT and
// DATA go out in one write and the body in a second, so an email costs two round trips and two writes instead of
// the four of a command-by-command exchange; without it the commands go one by one. TLS always checks the server's
// certificate against `serverName`.
import { isAscii } from 'node:buffer';
import net, { isIP, isIPv6, type Socket } from 'node:net';
import { hostname } from 'node:os';
import tls, { type ConnectionOptions } from 'node:tls';
import { dataChunks } from './smtp-data';
import { SmtpError } from './smtp-error';
import { ReplyReader, type SmtpReply } from './smtp-replies';

export interface SmtpSessionOptions {
  /** The IP address to connect to, checked by the caller (mail: smtp-target.ts, accounts: check-target-host.ts). */
  address: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when offered. */
  secure: boolean;
  /**
   * The host as configured, without IPv6 brackets: the name the certificate must carry, sent as SNI unless it is an
   * IP address (TLS allows no address there; the certificate is then checked against the address).
   */
  serverName: string;
  auth?: { user: string; pass: string };
  /** Certificates to trust besides the system's (a private CA; the tests' own). */
  ca?: ConnectionOptions['ca'];
  /** Milliseconds for connecting, for each step of the start (greeting, TLS handshake) and for a silent server. */
  timeouts?: Partial<SmtpTimeouts>;
}

/**
 * The TLS server name (SNI) for a host: none for an IP address, and Node then checks the certificate against the
 * address connected to, which for an IP host is that address.
 */
const sniName = (serverName: string) => (isIP(serverName) ? undefined : serverName);

export interface SmtpTimeouts {
  connectMs: number;
  greetingMs: number;
  idleMs: number;
}

export interface SmtpEnvelope {
  from: string;
  to: string[];
}

const DEFAULT_TIMEOUTS: SmtpTimeouts = { connectMs: 10_000, greetingMs: 10_000, idleMs: 60_000 };

/** How long a closing connection may wait for the server's answer to QUIT. */
const QUIT_WAIT_MS = 5_000;

/** The EHLO name: this host's name when it is a domain, else its address literal (RFC 5321 §4.1.3). */
const HOST_NAME = hostname();
const ehloName = (socket: Socket) => {
  if (HOST_NAME.includes('.')) return HOST_NAME;
  const local = socket.localAddress ?? '127.0.0.1';
  return isIPv6(local) ? `[IPv6:${local}]` : `[${local}]`;
};

/** An address is written inside <…> on a command line: nothing in it may end or leave that line. */
const UNSAFE_IN_ADDRESS = /[\r\n<>]/;
const NON_ASCII = /[\u0080-\u{10ffff}]/u;

export class SmtpSession {
  private socket: Socket;
  private readonly replies = new ReplyReader((reply) => this.unexpected(reply));
  private readonly greeting: Promise<SmtpReply>;
  private extensions = new Set<string>();
  private authMethods: string[] = [];
  private closed = false;
  private readonly timeouts: SmtpTimeouts;

  constructor(private readonly options: SmtpSessionOptions) {
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    const { address, port, secure, ca } = options;
    this.socket = secure
      ? tls.connect({ host: address, port, servername: sniName(options.serverName), ca })
      : net.connect({ host: address, port });
    this.greeting = this.replies.next();
    // Read when start() runs; until then a refused connection must not count as an unhandled rejection.
    this.greeting.catch(() => {});
    this.listen(this.socket);
  }

  /** False once the connection failed, timed out, was closed or is mid-way in a state it cannot leave. */
  get usable(): boolean {
    return !this.closed;
  }

  /** Connects, reads the greeting, says EHLO, upgrades to TLS when offered and logs in when there are credentials. */
  async start(): Promise<void> {
    await this.within(this.connected(), this.timeouts.connectMs, 'Connecting to the SMTP server');
    // Small writes answered one by one: with Nagle's algorithm a message's last write waits for the server's delayed
    // ACK (~40 ms), which capped a connection at about 20 messages a second (ADR 0004).
    this.socket.setNoDelay(true);
    const greeting = await this.within(this.greeting, this.timeouts.greetingMs, 'The SMTP greeting');
    if (greeting.code !== 220) throw this.abandon(new SmtpError('The SMTP server refused the connection', 'EPROTOCOL', greeting));
    await this.hello();
    if (!this.options.secure && this.extensions.has('STARTTLS')) {
      await this.startTls();
      await this.hello();
    }
    if (this.options.auth) await this.logIn(this.options.auth);
  }

  async send(envelope: SmtpEnvelope, message: Buffer): Promise<void> {
    if (this.closed) throw new SmtpError('The SMTP connection is closed', 'ECONNECTION');
    const addresses = [envelope.from, ...envelope.to];
    const unsafe = addresses.find((address) => UNSAFE_IN_ADDRESS.test(address));
    if (unsafe !== undefined) throw new SmtpError(`The address ${JSON.stringify(unsafe)} cannot be sent over SMTP`, 'EADDRESS');
    const commands = [
      `MAIL FROM:<${envelope.from}>${this.mailParameters(addresses, message)}`,
      ...envelope.to.map((to) => `RCPT TO:<${to}>`),
      'DATA',
    ];
    const replies = this.extensions.has('PIPELINING') ? await this.pipelined(commands) : await this.oneByOne(commands);
    const [mail, ...recipients] = replies;
    const data = replies.length === commands.length ? recipients.pop() : undefined;
    const refusal = envelopeRefusal(mail, recipients, data);
    if (refusal) {
      // A server that answers 354 after refusing the whole envelope waits for a body nobody should get.
      if (data?.code === 354) this.destroy();
      else await this.reset();
      throw refusal;
    }
    const done = this.replies.next();
    this.socket.cork();
    for (const chunk of dataChunks(message)) this.socket.write(chunk);
    this.socket.uncork();
    const reply = await done;
    if (reply.code !== 250) throw new SmtpError('The SMTP server did not take the message', 'EMESSAGE', reply, 'DATA');
  }

  /** Says QUIT and closes; the socket is destroyed if the server does not close its side soon. */
  quit(): void {
    if (this.closed) return;
    this.closed = true;
    const answered = this.replies.next();
    answered.catch(() => {});
    this.socket.end('QUIT\r\n');
    setTimeout(() => this.socket.destroy(), QUIT_WAIT_MS).unref();
  }

  /** Closes at once: every waiting command fails. */
  destroy(error: Error = new SmtpError('The SMTP connection was closed', 'ECONNECTION')): void {
    this.closed = true;
    this.replies.fail(error);
    this.socket.destroy();
  }

  private listen(socket: Socket): void {
    socket.setTimeout(this.timeouts.idleMs);
    socket.on('data', (chunk: Buffer) => this.replies.push(chunk));
    socket.on('timeout', () => this.destroy(new SmtpError('The SMTP connection timed out', 'ETIMEDOUT')));
    socket.on('error', (error: Error) => this.destroy(error));
    socket.on('close', () => this.destroy(new SmtpError('The SMTP server closed the connection', 'ECONNECTION')));
  }

  private connected(): Promise<void> {
    const event = this.options.secure ? 'secureConnect' : 'connect';
    return new Promise((resolve, reject) => {
      this.socket.once(event, () => resolve());
      this.socket.once('error', reject);
    });
  }

  private command(line: string): Promise<SmtpReply> {
    const reply = this.replies.next();
    this.socket.write(`${line}\r\n`);
    return reply;
  }

  private async hello(): Promise<void> {
    const name = ehloName(this.socket);
    const ehlo = await this.command(`EHLO ${name}`);
    this.extensions = new Set();
    this.authMethods = [];
    if (ehlo.code === 250) {
      for (const line of ehlo.lines.slice(1)) {
        const [keyword = '', ...parameters] = line.toUpperCase().split(/[ =]/);
        this.extensions.add(keyword);
        if (keyword === 'AUTH') this.authMethods.push(...parameters);
      }
      return;
    }
    const helo = await this.command(`HELO ${name}`);
    if (helo.code !== 250) throw this.abandon(new SmtpError('The SMTP server refused EHLO and HELO', 'EPROTOCOL', helo, 'HELO'));
  }

  private async startTls(): Promise<void> {
    const reply = await this.command('STARTTLS');
    if (reply.code !== 220) throw this.abandon(new SmtpError('The SMTP server refused STARTTLS', 'ETLS', reply, 'STARTTLS'));
    // Plain-text bytes after the 220 would be read as if they came over TLS (response injection): refuse them. A
    // whole reply after it already closed the session as unasked.
    if (this.closed || this.replies.holdsPartialReply) {
      throw this.abandon(new SmtpError('The SMTP server sent data after agreeing to STARTTLS', 'ETLS', reply, 'STARTTLS'));
    }
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('timeout');
    plain.setTimeout(0);
    const { address, serverName, ca } = this.options;
    this.socket = tls.connect({ socket: plain, host: address, servername: sniName(serverName), ca });
    this.listen(this.socket);
    await this.within(
      new Promise<void>((resolve, reject) => {
        this.socket.once('secureConnect', () => resolve());
        this.socket.once('error', reject);
      }),
      this.timeouts.greetingMs,
      'The TLS handshake',
    );
    this.socket.setNoDelay(true);
  }

  private async logIn({ user, pass }: { user: string; pass: string }): Promise<void> {
    const offered = this.authMethods;
    if (offered.length > 0 && !offered.includes('PLAIN') && !offered.includes('LOGIN')) {
      throw this.abandon(
        new SmtpError(`The SMTP server offers no login method Mailwright supports (PLAIN, LOGIN): ${offered.join(' ')}`, 'EAUTH'),
      );
    }
    const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    let reply: SmtpReply;
    if (offered.includes('PLAIN') || !offered.includes('LOGIN')) {
      reply = await this.command(`AUTH PLAIN ${base64(`\0${user}\0${pass}`)}`);
    } else {
      reply = await this.command('AUTH LOGIN');
      if (reply.code === 334) reply = await this.command(base64(user));
      if (reply.code === 334) reply = await this.command(base64(pass));
    }
    if (reply.code !== 235) throw this.abandon(new SmtpError('Invalid login', 'EAUTH', reply, 'AUTH'));
  }

  private mailParameters(addresses: string[], message: Buffer): string {
    let parameters = '';
    if (this.extensions.has('8BITMIME') && !isAscii(message)) parameters += ' BODY=8BITMIME';
    if (this.extensions.has('SMTPUTF8') && addresses.some((address) => NON_ASCII.test(address))) parameters += ' SMTPUTF8';
    return parameters;
  }

  private async pipelined(commands: string[]): Promise<SmtpReply[]> {
    const replies = commands.map(() => this.replies.next());
    this.socket.write(`${commands.join('\r\n')}\r\n`);
    return Promise.all(replies);
  }

  /** Stops at the first refusal of MAIL, or when no recipient was accepted, as the pipelined replies would. */
  private async oneByOne(commands: string[]): Promise<SmtpReply[]> {
    const replies: SmtpReply[] = [];
    for (const [index, line] of commands.entries()) {
      const isData = index === commands.length - 1;
      if (index > 0 && replies[0]?.code !== 250) break;
      if (isData && !replies.slice(1).some(accepted)) break;
      replies.push(await this.command(line));
    }
    return replies;
  }

  /** Ends a refused transaction with RSET, so the connection carries the next message; closes it if that fails. */
  private async reset(): Promise<void> {
    try {
      const reply = await this.command('RSET');
      if (reply.code !== 250) this.quit();
    } catch {
      // The connection failed meanwhile; it is closed already.
    }
  }

  private unexpected(reply: SmtpReply): void {
    this.destroy(new SmtpError('The SMTP server sent a reply nobody asked for', 'ECONNECTION', reply));
  }

  /** The error, after closing the connection: a session that failed to start is never used. */
  private abandon(error: SmtpError): SmtpError {
    this.quit();
    return error;
  }

  private async within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new SmtpError(`${what} took longer than ${ms} ms`, 'ETIMEDOUT');
        this.destroy(error);
        reject(error);
      }, ms);
    });
    try {
      return await Promise.race([work, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}

const accepted = (reply: SmtpReply) => reply.code === 250 || reply.code === 251;

/** Why the server will not take this message's envelope (MAIL, every RCPT, or DATA refused), or null. */
function envelopeRefusal(mail: SmtpReply | undefined, recipients: SmtpReply[], data: SmtpReply | undefined): SmtpError | null {
  if (mail?.code !== 250) return new SmtpError('The SMTP server refused the sender', 'EENVELOPE', mail, 'MAIL FROM');
  if (!recipients.some(accepted)) {
    return new SmtpError("Can't send mail - all recipients were rejected", 'EENVELOPE', recipients.at(-1), 'RCPT TO');
  }
  if (data?.code !== 354) return new SmtpError('The SMTP server refused the message', 'EENVELOPE', data, 'DATA');
  return null;
}
