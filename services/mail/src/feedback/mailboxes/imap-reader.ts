// Reads an SMTP account's Inbox over IMAP (imapflow). Cursor { uidValidity, lastUid }: a fresh cursor (or a new
// UIDVALIDITY, which voids every UID) starts just before the first message of the last 7 days (SEARCH SINCE;
// older mail is not feedback worth acting on now). Each page is up to `pageSize` UIDs: their envelope and the few
// headers the prefilter needs first, then the whole source only of the candidates. The Inbox stays selected
// read-only, so where the server has IDLE the connection idles between reads and an EXISTS wakes the loop.
import type { MailboxAccess } from '@mailwright/contracts';
import { resolvePublicHost } from '@mailwright/kit';
import { ImapFlow } from 'imapflow';
import type { Logger } from 'pino';
import type { MailboxCursor } from '../../db/schema/mailbox-cursors';
import { parseHeaderBlock } from './header-block';
import {
  FRESH_LOOKBACK_MS,
  type HeaderSummary,
  type IsCandidate,
  type MailboxMessage,
  type MailboxPage,
  type MailboxReader,
} from './mailbox-reader';

export type ImapAccess = Extract<MailboxAccess, { provider: 'smtp' }>['imap'];

export interface ImapReaderOptions {
  pageSize: number;
  isCandidate: IsCandidate;
  /** ALLOW_PRIVATE_TARGETS: the IMAP host may be a loopback or private address. */
  allowPrivate: boolean;
  log: Logger;
}

const PREFILTER_HEADERS = ['content-type', 'in-reply-to', 'references', 'auto-submitted', 'x-failed-recipients'];

export async function openImapReader(imap: ImapAccess, options: ImapReaderOptions): Promise<MailboxReader> {
  const target = await resolvePublicHost(imap.host, { allowPrivate: options.allowPrivate });
  const client = new ImapFlow({
    host: target.connectTo,
    servername: target.serverName,
    port: imap.port,
    secure: imap.secure,
    auth: { user: imap.username, pass: imap.password },
    logger: false,
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    // IDLE starts right after each read; re-issued every few minutes so no server or NAT drops a quiet connection.
    autoIdleDelay: 100,
    maxIdleTime: 5 * 60_000,
  });
  client.on('error', (error: Error) => options.log.debug({ err: error }, 'IMAP connection error'));
  try {
    await client.connect();
  } catch (error) {
    client.close();
    if ((error as { authenticationFailed?: boolean }).authenticationFailed) {
      throw new Error('The IMAP server refused the sign-in: check the IMAP username and password');
    }
    throw error;
  }
  try {
    await client.mailboxOpen('INBOX', { readOnly: true });
  } catch (error) {
    await client.logout().catch(() => client.close());
    throw error;
  }
  return new ImapReader(client, options);
}

function summary(
  envelope: { from?: Array<{ name?: string; address?: string }>; subject?: string } | undefined,
  block: Buffer | undefined,
): HeaderSummary {
  const fields = block ? parseHeaderBlock(block) : new Map<string, string>();
  const from = envelope?.from?.[0];
  return {
    from: from ? (from.name ? `${from.name} <${from.address ?? ''}>` : (from.address ?? '')) : '',
    subject: envelope?.subject ?? '',
    contentType: fields.get('content-type') ?? '',
    inReplyTo: fields.get('in-reply-to') ?? '',
    references: fields.get('references') ?? '',
    autoSubmitted: fields.get('auto-submitted'),
    xFailedRecipients: fields.get('x-failed-recipients'),
  };
}

class ImapReader implements MailboxReader {
  /** UIDs known after `queuedAfter`, in order: one SEARCH serves many pages. */
  private queue: number[] = [];
  private queuedAfter = -1;
  private news = false;
  private wake: (() => void) | null = null;
  private closed = false;
  readonly waitForNews?: (ms: number, signal: AbortSignal) => Promise<boolean>;

  constructor(
    private readonly client: ImapFlow,
    private readonly options: ImapReaderOptions,
  ) {
    client.on('exists', (event: { count: number; prevCount: number }) => {
      if (event.count <= event.prevCount) return;
      this.news = true;
      this.wake?.();
    });
    client.on('close', () => {
      this.closed = true;
      this.wake?.();
    });
    if (client.capabilities.has('IDLE')) this.waitForNews = (ms, signal) => this.waitForExists(ms, signal);
  }

  private mailbox() {
    const { mailbox } = this.client;
    if (!mailbox || this.closed) throw new Error('The IMAP connection was closed');
    return mailbox;
  }

  async readPage(cursor: MailboxCursor | null): Promise<MailboxPage> {
    const mailbox = this.mailbox();
    const uidValidity = String(mailbox.uidValidity);
    let lastUid: number;
    if (!cursor || String(cursor.uidValidity) !== uidValidity) {
      const recent = (await this.client.search({ since: new Date(Date.now() - FRESH_LOOKBACK_MS) }, { uid: true })) || [];
      lastUid =
        recent.length > 0 ? recent.reduce((min, uid) => Math.min(min, uid), Number.POSITIVE_INFINITY) - 1 : mailbox.uidNext - 1;
      this.queue = [];
    } else {
      lastUid = Number(cursor.lastUid);
    }
    this.news = false;
    if (this.queuedAfter !== lastUid || this.queue.length === 0) {
      // `n:*` always matches the newest message, even below n: hence the filter.
      const found = (await this.client.search({ uid: `${lastUid + 1}:*` }, { uid: true })) || [];
      this.queue = found.filter((uid) => uid > lastUid).sort((a, b) => a - b);
    }
    const page = this.queue.splice(0, this.options.pageSize);
    if (page.length === 0) return { messages: [], seen: 0, cursor: { uidValidity, lastUid }, more: false };
    const last = page[page.length - 1] as number;
    this.queuedAfter = last;

    const candidates: number[] = [];
    const range = `${page[0]}:${last}`;
    for await (const message of this.client.fetch(
      range,
      { uid: true, envelope: true, headers: PREFILTER_HEADERS },
      { uid: true },
    )) {
      if (this.options.isCandidate(summary(message.envelope, message.headers))) candidates.push(message.uid);
    }
    const messages: MailboxMessage[] = [];
    if (candidates.length > 0) {
      for await (const message of this.client.fetch(candidates.join(','), { uid: true, source: true }, { uid: true })) {
        if (message.source) messages.push({ sourceId: `imap:${uidValidity}:${message.uid}`, raw: message.source });
      }
      messages.sort((a, b) => a.sourceId.localeCompare(b.sourceId, 'en', { numeric: true }));
    }
    return { messages, seen: page.length, cursor: { uidValidity, lastUid: last }, more: this.queue.length > 0 };
  }

  private waitForExists(ms: number, signal: AbortSignal): Promise<boolean> {
    if (this.news || this.closed) return Promise.resolve(this.news);
    return new Promise<boolean>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.wake = null;
        resolve(this.news);
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done);
      this.wake = done;
    });
  }

  async close(): Promise<void> {
    this.wake?.();
    if (this.closed) return;
    this.closed = true;
    await this.client.logout().catch(() => this.client.close());
  }
}
