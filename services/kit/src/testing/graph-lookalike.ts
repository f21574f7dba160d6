// A local stand-in for the part of Microsoft Graph the mailbox reader uses, for one mailbox: the Inbox delta query
// (/me/mailFolders/inbox/messages/delta with $select, $filter=receivedDateTime ge ..., Prefer odata.maxpagesize,
// @odata.nextLink pages and an @odata.deltaLink) and a message's MIME (/me/messages/{id}/$value). It checks the
// bearer token and enforces Graph's Outlook limits per mailbox: 10,000 requests per 10 minutes and 4 at once;
// a request over either is answered 429 with Retry-After and recorded.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { asBuffer, bearerOf, closeServer, headersOf, listenLoopback, sendJson, WindowLedger } from './lookalike-http';

interface StoredMessage {
  id: string;
  raw: Buffer;
  receivedAt: number;
  sequence: number;
}

export interface GraphLookalikeOptions {
  accessToken?: string;
  requestsPer10Minutes?: number;
  concurrent?: number;
  /** Milliseconds each answer takes (lets concurrency show). */
  delayMs?: number;
}

export class GraphLookalike {
  /** The Graph base incl. version, as MailboxAccess.graphUrl carries it. */
  graphUrl = '';
  accessToken: string;
  readonly ledger = new WindowLedger();
  throttled = 0;
  inFlight = 0;
  peakInFlight = 0;
  private readonly limit: number;
  private readonly concurrent: number;
  private readonly delayMs: number;
  private readonly messages: StoredMessage[] = [];
  private sequence = 0;
  /** Delta tokens below this are no longer kept (answered 410 syncStateNotFound). */
  private oldestToken = 0;
  private server: Server | null = null;

  constructor(options: GraphLookalikeOptions = {}) {
    this.accessToken = options.accessToken ?? `eyJ.${randomBytes(8).toString('hex')}`;
    this.limit = options.requestsPer10Minutes ?? 10_000;
    this.concurrent = options.concurrent ?? 4;
    this.delayMs = options.delayMs ?? 0;
  }

  async start(): Promise<string> {
    const { server, url } = await listenLoopback((request, requestUrl, response) => this.handle(request, requestUrl, response));
    this.server = server;
    this.graphUrl = `${url}/v1.0`;
    return this.graphUrl;
  }

  addMessage(raw: Buffer | string, receivedAt = new Date()): string {
    this.sequence += 1;
    const id = `AAMk${this.sequence}${randomBytes(6).toString('hex')}`;
    this.messages.push({ id, raw: asBuffer(raw), receivedAt: receivedAt.getTime(), sequence: this.sequence });
    return id;
  }

  expireDeltaTokens(): void {
    this.oldestToken = this.sequence + 1;
  }

  async stop(): Promise<void> {
    if (this.server) await closeServer(this.server);
  }

  private async handle(request: IncomingMessage, url: URL, response: ServerResponse): Promise<void> {
    if (bearerOf(request) !== this.accessToken) {
      return sendJson(response, 401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token has expired.' } });
    }
    if (this.inFlight >= this.concurrent || !this.ledger.fits(1, this.limit, 600_000)) {
      this.throttled += 1;
      return sendJson(
        response,
        429,
        { error: { code: 'ApplicationThrottled', message: 'Application is over its MailboxConcurrency limit.' } },
        { 'retry-after': '1' },
      );
    }
    this.ledger.add(1);
    this.inFlight += 1;
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
    try {
      if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      const path = url.pathname.replace(/^\/v1\.0/, '');
      if (path === '/me/mailFolders/inbox/messages/delta') return this.delta(request, url, response);
      const value = /^\/me\/messages\/([^/]+)\/\$value$/.exec(path);
      if (value) {
        const message = this.messages.find((stored) => stored.id === decodeURIComponent(value[1] as string));
        if (!message) return sendJson(response, 404, { error: { code: 'ErrorItemNotFound', message: 'Not found' } });
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(message.raw);
        return;
      }
      sendJson(response, 400, { error: { code: 'BadRequest', message: `unsupported ${path}` } });
    } finally {
      this.inFlight -= 1;
    }
  }

  /** $skiptoken `<after sequence>.<since ms>.<end sequence>` pages one round; $deltatoken `<sequence>` starts the next. */
  private delta(request: IncomingMessage, url: URL, response: ServerResponse): void {
    const base = `${this.graphUrl}/me/mailFolders/inbox/messages/delta`;
    const size = Number(/odata\.maxpagesize=(\d+)/.exec(String(request.headers.prefer ?? ''))?.[1] ?? 10);
    const select = (url.searchParams.get('$select') ?? '').split(',').filter(Boolean);
    let after = 0;
    let since = 0;
    let end = this.sequence;
    const skip = url.searchParams.get('$skiptoken');
    const deltaToken = url.searchParams.get('$deltatoken');
    if (skip) {
      [after, since, end] = skip.split('.').map(Number) as [number, number, number];
    } else if (deltaToken) {
      after = Number(deltaToken);
      if (after < this.oldestToken) {
        sendJson(response, 410, { error: { code: 'SyncStateNotFound', message: 'The sync state is not found.' } });
        return;
      }
    } else {
      const filter = /receivedDateTime ge (\S+)/.exec(url.searchParams.get('$filter') ?? '');
      since = filter ? Date.parse(filter[1] as string) : 0;
    }
    const round = this.messages.filter(
      (message) => message.sequence > after && message.sequence <= end && message.receivedAt >= since,
    );
    const page = round.slice(0, size);
    const last = page[page.length - 1];
    const more = round.length > page.length && last;
    sendJson(response, 200, {
      value: page.map((message) => this.shape(message, select)),
      ...(more
        ? { '@odata.nextLink': `${base}?$skiptoken=${last.sequence}.${since}.${end}` }
        : { '@odata.deltaLink': `${base}?$deltatoken=${end}` }),
    });
  }

  private shape(message: StoredMessage, select: string[]): Record<string, unknown> {
    const headers = headersOf(message.raw);
    const field = (name: string) => headers.find((header) => header.name.toLowerCase() === name)?.value ?? null;
    const fromText = field('from') ?? '';
    const address = /<([^>]+)>/.exec(fromText)?.[1] ?? fromText;
    const all: Record<string, unknown> = {
      subject: field('subject'),
      from: {
        emailAddress: {
          name: fromText
            .replace(/<[^>]*>/, '')
            .replace(/"/g, '')
            .trim(),
          address,
        },
      },
      receivedDateTime: new Date(message.receivedAt).toISOString(),
      internetMessageId: field('message-id'),
      internetMessageHeaders: headers,
    };
    const shaped: Record<string, unknown> = { '@odata.type': '#microsoft.graph.message', id: message.id };
    for (const name of select) if (name in all) shaped[name] = all[name];
    return shaped;
  }
}
