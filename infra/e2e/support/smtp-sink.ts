// The whole-stack tests' SMTP sink: kit's SmtpPeer (accepts any login, parses every message, or in
// count-only mode just counts) with a small HTTP API so test files running in other processes can read
// what arrived and set failure rules. Given senders' IMAP mailboxes, it also files late bounces there and lets
// tests create mailboxes and put messages (replies) in them.
import {
  createServer as createHttpServer,
  type Server as HttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ImapServer, parsedAddresses, SmtpPeer, type SmtpPeerMessage } from '@mailwright/kit/testing';
import { bounceLater } from './late-bounces';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
  attachments: Array<{ filename: string; contentType: string; contentBase64: string }>;
  receivedAt: number;
}

/** Reply to RCPT for recipients containing `match` with `code message`, `remaining` times (-1 = always). */
export interface SinkRule {
  match: string;
  code: number;
  message: string;
  remaining: number;
}

export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  private readonly peer: SmtpPeer;
  private http!: HttpServer;
  smtpPort = 0;
  apiPort = 0;

  constructor(options: { parse: boolean; mailboxes?: ImapServer } = { parse: true }) {
    this.mailboxes = options.mailboxes ?? null;
    this.peer = new SmtpPeer({
      content: options.parse ? 'parsed' : 'count',
      onMessage: (message) => {
        if (message.parsed) this.messages.push(toReceivedMail(message));
        if (this.mailboxes)
          void bounceLater(this.mailboxes, message).catch((error: unknown) => console.error('late bounce', error));
      },
    });
  }

  private readonly mailboxes: ImapServer | null;

  get delivered(): number {
    return this.peer.delivered;
  }

  async start(): Promise<void> {
    await this.peer.start();
    this.smtpPort = this.peer.port;
    this.http = createHttpServer((request, response) => this.handleApi(request, response));
    this.apiPort = await new Promise<number>((resolve) => {
      this.http.listen(0, '127.0.0.1', () => resolve((this.http.address() as AddressInfo).port));
    });
  }

  private handleApi(request: IncomingMessage, response: ServerResponse) {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const method = request.method ?? 'GET';
    const parsed = new URL(request.url ?? '/', 'http://sink');
    if (method === 'GET' && parsed.pathname === '/messages') {
      const to = parsed.searchParams.get('to');
      const list = to ? this.messages.filter((m) => m.envelopeTo.includes(to) || m.to.includes(to)) : this.messages;
      return send(200, { delivered: this.delivered, messages: list });
    }
    if (method === 'POST' && (parsed.pathname === '/mailboxes' || parsed.pathname === '/mailboxes/messages')) {
      const mailboxes = this.mailboxes;
      if (!mailboxes) return send(404, { message: 'this sink has no mailboxes' });
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        const input = JSON.parse(body) as { user: string; password?: string; raw?: string };
        const done =
          parsed.pathname === '/mailboxes'
            ? mailboxes.addUser(input.user, input.password ?? '')
            : mailboxes.append(input.user, input.raw ?? '');
        done.then(
          () => send(201, { ok: true }),
          (error: unknown) => send(500, { message: String(error) }),
        );
      });
      return;
    }
    if (method === 'POST' && parsed.pathname === '/rules') {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        const rule = JSON.parse(body) as SinkRule;
        this.peer.reject(rule.match, rule.code, rule.message, rule.remaining);
        send(201, { ok: true });
      });
      return;
    }
    send(404, { message: 'not found' });
  }

  async stop(): Promise<void> {
    await this.peer.stop();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }
}

function toReceivedMail({ envelopeFrom, envelopeTo, parsed, receivedAt }: SmtpPeerMessage): ReceivedMail {
  if (!parsed) throw new Error('toReceivedMail needs a parsed message');
  return {
    envelopeFrom,
    envelopeTo,
    from: parsed.from?.value[0]?.address ?? '',
    to: parsedAddresses(parsed.to),
    cc: parsedAddresses(parsed.cc),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    messageId: parsed.messageId ?? '',
    headers: Object.fromEntries(parsed.headerLines.map((h) => [h.key, h.line.slice(h.key.length + 1).trim()])),
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.contentType,
      contentBase64: a.content.toString('base64'),
    })),
    receivedAt,
  };
}
