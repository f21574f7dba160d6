// A real SMTP peer for whole-stack tests and benchmarks: accepts any login, parses every message
// (or, in count-only mode, just counts), and answers queries over a small HTTP API so test files
// running in other processes can wait for mail.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

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

export interface SinkBehaviour {
  /** Reply to RCPT/DATA for recipients matching this substring with a code, e.g. 421 or 550. */
  rules: Array<{ match: string; code: number; message: string; remaining: number }>;
}

const addresses = (value: ParsedMail['to']): string[] => {
  if (!value) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((group) => group.value.map((entry) => entry.address ?? '')).filter(Boolean);
};

export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  delivered = 0;
  private readonly behaviour: SinkBehaviour = { rules: [] };
  private smtp!: SMTPServer;
  private http!: HttpServer;
  smtpPort = 0;
  apiPort = 0;

  constructor(private readonly options: { parse: boolean } = { parse: true }) {}

  async start(): Promise<void> {
    this.smtp = new SMTPServer({
      secure: false,
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 40 * 1024 * 1024,
      onAuth: (_auth, _session, callback) => callback(null, { user: 'sink' }),
      onRcptTo: (address, _session, callback) => {
        const rule = this.behaviour.rules.find((r) => r.remaining !== 0 && address.address.includes(r.match));
        if (rule) {
          rule.remaining -= 1;
          const error = new Error(rule.message) as Error & { responseCode: number };
          error.responseCode = rule.code;
          return callback(error);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        if (!this.options.parse) {
          stream.on('data', () => {});
          stream.on('end', () => {
            this.delivered += 1;
            callback();
          });
          return;
        }
        simpleParser(stream)
          .then((mail) => {
            this.delivered += 1;
            this.messages.push({
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              from: mail.from?.value[0]?.address ?? '',
              to: addresses(mail.to),
              cc: addresses(mail.cc),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              messageId: mail.messageId ?? '',
              headers: Object.fromEntries(mail.headerLines.map((h) => [h.key, h.line.slice(h.key.length + 1).trim()])),
              attachments: mail.attachments.map((a) => ({
                filename: a.filename ?? '',
                contentType: a.contentType,
                contentBase64: a.content.toString('base64'),
              })),
              receivedAt: Date.now(),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    // A client killed mid-session (fault tests SIGKILL workers) resets its socket: not a sink failure.
    this.smtp.on('error', () => {});
    this.smtpPort = await new Promise<number>((resolve) => {
      this.smtp.listen(0, '127.0.0.1', () => resolve((this.smtp.server.address() as AddressInfo).port));
    });
    this.http = createHttpServer((request, response) =>
      this.handleApi(request.method ?? 'GET', request.url ?? '/', request, response),
    );
    this.apiPort = await new Promise<number>((resolve) => {
      this.http.listen(0, '127.0.0.1', () => resolve((this.http.address() as AddressInfo).port));
    });
  }

  private handleApi(
    method: string,
    url: string,
    request: import('node:http').IncomingMessage,
    response: import('node:http').ServerResponse,
  ) {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const parsed = new URL(url, 'http://sink');
    if (method === 'GET' && parsed.pathname === '/messages') {
      const to = parsed.searchParams.get('to');
      const list = to ? this.messages.filter((m) => m.envelopeTo.includes(to) || m.to.includes(to)) : this.messages;
      return send(200, { delivered: this.delivered, messages: list });
    }
    if (method === 'POST' && parsed.pathname === '/rules') {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        this.behaviour.rules.push(JSON.parse(body) as SinkBehaviour['rules'][number]);
        send(201, { ok: true });
      });
      return;
    }
    send(404, { message: 'not found' });
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.smtp.close(() => resolve()));
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }
}
