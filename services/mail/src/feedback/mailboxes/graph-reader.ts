// Reads an Outlook account's Inbox through Microsoft Graph's delta query. Cursor { deltaLink } once caught up,
// { nextLink } mid-round. A fresh round asks for the messages received in the last 7 days; a delta token Graph no
// longer keeps (404/410) starts fresh. The delta pages carry each message's internetMessageHeaders ($select), so
// the prefilter sees the same headers as over IMAP and only candidates are downloaded whole (GET .../$value);
// a message without them (Graph leaves them out of some items) is downloaded, so nothing is missed. Limits per
// mailbox: 10,000 requests per 10 minutes and 4 at once; the pacer keeps under its own budget, downloads go 4 at a time.
import type { MailboxAccess } from '@mailwright/contracts';
import type { MailboxCursor } from '../../db/schema/mailbox-cursors';
import type { ApiReaderOptions } from './gmail-reader';
import {
  FRESH_LOOKBACK_MS,
  type HeaderSummary,
  type MailboxMessage,
  type MailboxPage,
  type MailboxReader,
} from './mailbox-reader';
import { eachLimited, providerGet } from './provider-http';

export type GraphAccess = Extract<MailboxAccess, { provider: 'outlook' }>;

const SELECT = 'subject,from,receivedDateTime,internetMessageId,internetMessageHeaders';
const PARALLEL_DOWNLOADS = 4;

interface GraphMessage {
  id: string;
  subject?: string | null;
  from?: { emailAddress?: { name?: string; address?: string } } | null;
  internetMessageHeaders?: Array<{ name: string; value: string }>;
  '@removed'?: unknown;
}

interface DeltaPage {
  value: GraphMessage[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

export function openGraphReader(access: GraphAccess, options: ApiReaderOptions): MailboxReader {
  const base = access.graphUrl.replace(/\/$/, '');
  const get = (url: string, headers?: Record<string, string>) =>
    providerGet({
      url,
      accessToken: access.accessToken,
      pacer: options.pacer,
      units: 1,
      deadline: options.deadline,
      signal: options.signal,
      headers,
    });
  const freshUrl = () => {
    const since = new Date(Date.now() - FRESH_LOOKBACK_MS).toISOString();
    return `${base}/me/mailFolders/inbox/messages/delta?$select=${SELECT}&$filter=${encodeURIComponent(`receivedDateTime ge ${since}`)}`;
  };

  const readDelta = async (url: string, fresh: boolean): Promise<MailboxPage> => {
    const response = await get(url, { prefer: `odata.maxpagesize=${options.pageSize}` });
    if (!response) {
      if (fresh) throw new Error('Graph has no Inbox for this account');
      return readDelta(freshUrl(), true);
    }
    const page = (await response.json()) as DeltaPage;
    const listed = page.value.filter((message) => !message['@removed']);
    const wanted = listed.filter((message) => !message.internetMessageHeaders || options.isCandidate(summaryOf(message)));
    const found: MailboxMessage[] = [];
    await eachLimited(wanted, PARALLEL_DOWNLOADS, async (message) => {
      const raw = await get(`${base}/me/messages/${encodeURIComponent(message.id)}/$value`);
      if (raw) found.push({ sourceId: `graph:${message.id}`, raw: Buffer.from(await raw.arrayBuffer()) });
    });
    const order = wanted.map((message) => `graph:${message.id}`);
    found.sort((a, b) => order.indexOf(a.sourceId) - order.indexOf(b.sourceId));
    const next = page['@odata.nextLink'];
    const delta = page['@odata.deltaLink'];
    if (!next && !delta) throw new Error('Graph answered a delta page without a next or delta link');
    return {
      messages: found,
      seen: listed.length,
      cursor: next ? { nextLink: next } : { deltaLink: delta as string },
      more: Boolean(next),
    };
  };

  return {
    readPage(cursor: MailboxCursor | null): Promise<MailboxPage> {
      const link = cursor?.nextLink ?? cursor?.deltaLink;
      return typeof link === 'string' && link.startsWith(base) ? readDelta(link, false) : readDelta(freshUrl(), true);
    },
    async close() {},
  };
}

function summaryOf(message: GraphMessage): HeaderSummary {
  const headers = message.internetMessageHeaders ?? [];
  const field = (name: string) => headers.find((header) => header.name.toLowerCase() === name)?.value;
  const from = message.from?.emailAddress;
  return {
    from: from ? (from.name ? `${from.name} <${from.address ?? ''}>` : (from.address ?? '')) : (field('from') ?? ''),
    subject: message.subject ?? field('subject') ?? '',
    contentType: field('content-type') ?? '',
    inReplyTo: field('in-reply-to') ?? '',
    references: field('references') ?? '',
    autoSubmitted: field('auto-submitted'),
    xFailedRecipients: field('x-failed-recipients'),
  };
}
