// A local stand-in for the part of the Gmail API the mailbox reader uses (users.getProfile, messages.list with
// labelIds and q=newer_than:Nd, history.list of messageAdded, messages.get metadata/raw), for one mailbox. It
// checks the bearer token, keeps a history id per added message, and accounts quota units as Gmail does (per
// user per second, 250 by default): a call that would go over is answered 429 with Retry-After and recorded.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { asBuffer, bearerOf, closeServer, headersOf, listenLoopback, sendJson, WindowLedger } from './lookalike-http';

export const GMAIL_QUOTA_UNITS = { profile: 1, historyList: 2, messagesList: 5, messagesGet: 5 } as const;

interface StoredMessage {
  id: string;
  raw: Buffer;
  labelIds: string[];
  internalDate: number;
  historyId: number;
}

export interface GmailLookalikeOptions {
  accessToken?: string;
  unitsPerSecond?: number;
  /** Answer 403 insufficientPermissions to every call (a grant with the send scope only). */
  sendOnly?: boolean;
}

export class GmailLookalike {
  url = '';
  accessToken: string;
  sendOnly: boolean;
  readonly unitsPerSecond: number;
  readonly ledger = new WindowLedger();
  /** Calls answered 429. */
  throttled = 0;
  readonly calls: Array<{ at: number; kind: string }> = [];
  private readonly messages: StoredMessage[] = [];
  private historyId = 1000;
  /** History before this id is no longer kept (a startHistoryId below it is answered 404). */
  private oldestHistory = 0;
  private server: Server | null = null;

  constructor(options: GmailLookalikeOptions = {}) {
    this.accessToken = options.accessToken ?? `ya29.${randomBytes(8).toString('hex')}`;
    this.unitsPerSecond = options.unitsPerSecond ?? 250;
    this.sendOnly = options.sendOnly ?? false;
  }

  async start(): Promise<string> {
    const { server, url } = await listenLoopback((request, url, response) => {
      if (bearerOf(request) !== this.accessToken) {
        return sendJson(response, 401, { error: { code: 401, message: 'Invalid Credentials', status: 'UNAUTHENTICATED' } });
      }
      if (this.sendOnly) {
        return sendJson(response, 403, {
          error: {
            code: 403,
            message: 'Request had insufficient authentication scopes.',
            errors: [{ reason: 'insufficientPermissions' }],
          },
        });
      }
      const path = url.pathname.replace(/^\/gmail\/v1\/users\/me/, '');
      const kind =
        path === '/profile'
          ? 'profile'
          : path === '/history'
            ? 'historyList'
            : path === '/messages'
              ? 'messagesList'
              : 'messagesGet';
      const units = GMAIL_QUOTA_UNITS[kind];
      if (!this.ledger.fits(units, this.unitsPerSecond, 1_000)) {
        this.throttled += 1;
        return sendJson(
          response,
          429,
          { error: { code: 429, message: 'User-rate limit exceeded', errors: [{ reason: 'userRateLimitExceeded' }] } },
          { 'retry-after': '1' },
        );
      }
      this.ledger.add(units);
      this.calls.push({ at: Date.now(), kind });
      if (kind === 'profile')
        return sendJson(response, 200, { emailAddress: 'me@gmail.test', historyId: String(this.historyId) });
      if (kind === 'messagesList') return this.list(url, response);
      if (kind === 'historyList') return this.history(url, response);
      const id = decodeURIComponent(path.replace(/^\/messages\//, ''));
      const message = this.messages.find((stored) => stored.id === id);
      if (!message) return sendJson(response, 404, { error: { code: 404, message: 'Requested entity was not found.' } });
      if (url.searchParams.get('format') === 'raw') {
        return sendJson(response, 200, { id, threadId: id, raw: message.raw.toString('base64url') });
      }
      const wanted = new Set(url.searchParams.getAll('metadataHeaders').map((name) => name.toLowerCase()));
      const headers = headersOf(message.raw).filter((header) => wanted.has(header.name.toLowerCase()));
      return sendJson(response, 200, { id, threadId: id, labelIds: message.labelIds, payload: { headers } });
    });
    this.server = server;
    this.url = url;
    return url;
  }

  /** Adds a message (to the Inbox unless other labels are given); answers its id. */
  addMessage(raw: Buffer | string, options: { labelIds?: string[]; internalDate?: Date } = {}): string {
    this.historyId += 1;
    const id = `${this.historyId.toString(16)}${randomBytes(4).toString('hex')}`;
    this.messages.push({
      id,
      raw: asBuffer(raw),
      labelIds: options.labelIds ?? ['INBOX', 'UNREAD'],
      internalDate: (options.internalDate ?? new Date()).getTime(),
      historyId: this.historyId,
    });
    return id;
  }

  /** Forgets the history so far: a reader's stored historyId is answered 404 from now on. */
  expireHistory(): void {
    this.oldestHistory = this.historyId + 1;
  }

  async stop(): Promise<void> {
    if (this.server) await closeServer(this.server);
  }

  private page<T>(items: T[], url: URL, defaultSize: number): { items: T[]; next?: string } {
    const size = Math.min(Number(url.searchParams.get('maxResults') ?? defaultSize), 500);
    const offset = Number(url.searchParams.get('pageToken') ?? 0);
    const next = offset + size < items.length ? String(offset + size) : undefined;
    return { items: items.slice(offset, offset + size), next };
  }

  private list(url: URL, response: import('node:http').ServerResponse): void {
    const label = url.searchParams.get('labelIds');
    const newer = /newer_than:(\d+)d/.exec(url.searchParams.get('q') ?? '');
    const since = newer ? Date.now() - Number(newer[1]) * 86_400_000 : 0;
    const matching = this.messages
      .filter((message) => (!label || message.labelIds.includes(label)) && message.internalDate >= since)
      .reverse();
    const { items, next } = this.page(matching, url, 100);
    sendJson(response, 200, {
      ...(items.length > 0 ? { messages: items.map((message) => ({ id: message.id, threadId: message.id })) } : {}),
      ...(next ? { nextPageToken: next } : {}),
      resultSizeEstimate: matching.length,
    });
  }

  private history(url: URL, response: import('node:http').ServerResponse): void {
    const start = Number(url.searchParams.get('startHistoryId'));
    if (!Number.isFinite(start) || start < this.oldestHistory) {
      sendJson(response, 404, { error: { code: 404, message: 'Requested entity was not found.' } });
      return;
    }
    const label = url.searchParams.get('labelId');
    const added = this.messages.filter((message) => message.historyId > start && (!label || message.labelIds.includes(label)));
    const { items, next } = this.page(added, url, 100);
    sendJson(response, 200, {
      ...(items.length > 0
        ? {
            history: items.map((message) => ({
              id: String(message.historyId),
              messagesAdded: [{ message: { id: message.id, threadId: message.id, labelIds: message.labelIds } }],
            })),
          }
        : {}),
      ...(next ? { nextPageToken: next } : {}),
      historyId: String(this.historyId),
    });
  }
}
