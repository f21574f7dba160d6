// Reads a Gmail account's Inbox through the Gmail API. Cursor { historyId } once caught up. A fresh cursor takes
// the profile's historyId first, then lists the Inbox's messages of the last 7 days (messages.list
// q=newer_than:7d, cursor { historyId, listing: pageToken }) before following users.history.list from that
// historyId (messageAdded, Inbox only; mid-way cursor { historyId, pageToken }). A history id Gmail no longer
// keeps (404) starts fresh. Each message: format=metadata with only the prefilter's headers (5 units), then
// format=raw (5 units) for candidates. Quota per user: 250 units/s; the pacer keeps under its own budget.
import type { MailboxAccess } from '@mailwright/contracts';
import type { MailboxCursor } from '../../db/schema/mailbox-cursors';
import type { HeaderSummary, IsCandidate, MailboxMessage, MailboxPage, MailboxReader } from './mailbox-reader';
import { eachLimited, providerGet } from './provider-http';
import type { RequestPacer } from './request-pacer';

export type GmailAccess = Extract<MailboxAccess, { provider: 'gmail' }>;

/** Gmail's cost of each call, in quota units. */
export const GMAIL_UNITS = { getProfile: 1, historyList: 2, messagesList: 5, messagesGet: 5 } as const;

const METADATA_HEADERS = [
  'From',
  'Subject',
  'Content-Type',
  'In-Reply-To',
  'References',
  'Auto-Submitted',
  'X-Failed-Recipients',
];
const PARALLEL_GETS = 4;

export interface ApiReaderOptions {
  pageSize: number;
  isCandidate: IsCandidate;
  pacer: RequestPacer;
  /** When the turn ends (a longer Retry-After ends it early). */
  deadline: number;
  signal: AbortSignal;
}

interface GmailHeader {
  name: string;
  value: string;
}

export function openGmailReader(access: GmailAccess, options: ApiReaderOptions): MailboxReader {
  const base = `${access.apiUrl.replace(/\/$/, '')}/gmail/v1/users/me`;
  const get = async <T>(path: string, units: number): Promise<T | null> => {
    const response = await providerGet({
      url: `${base}${path}`,
      accessToken: access.accessToken,
      pacer: options.pacer,
      units,
      deadline: options.deadline,
      signal: options.signal,
    });
    return response ? ((await response.json()) as T) : null;
  };

  const readMessages = async (ids: string[]): Promise<MailboxMessage[]> => {
    const found: MailboxMessage[] = [];
    await eachLimited(ids, PARALLEL_GETS, async (id) => {
      const query = `format=metadata&${METADATA_HEADERS.map((name) => `metadataHeaders=${name}`).join('&')}`;
      const meta = await get<{ payload?: { headers?: GmailHeader[] } }>(
        `/messages/${encodeURIComponent(id)}?${query}`,
        GMAIL_UNITS.messagesGet,
      );
      if (!meta || !options.isCandidate(summaryOf(meta.payload?.headers ?? []))) return;
      const full = await get<{ raw?: string }>(`/messages/${encodeURIComponent(id)}?format=raw`, GMAIL_UNITS.messagesGet);
      if (full?.raw) found.push({ sourceId: `gmail:${id}`, raw: Buffer.from(full.raw, 'base64url') });
    });
    return found.sort((a, b) => ids.indexOf(a.sourceId.slice(6)) - ids.indexOf(b.sourceId.slice(6)));
  };

  const listRecent = async (historyId: string, pageToken: string): Promise<MailboxPage> => {
    const token = pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : '';
    const listed = await get<{ messages?: Array<{ id: string }>; nextPageToken?: string }>(
      `/messages?labelIds=INBOX&q=${encodeURIComponent('newer_than:7d')}&maxResults=${options.pageSize}${token}`,
      GMAIL_UNITS.messagesList,
    );
    const ids = (listed?.messages ?? []).map((message) => message.id);
    const next = listed?.nextPageToken;
    return {
      messages: await readMessages(ids),
      seen: ids.length,
      cursor: next ? { historyId, listing: next } : { historyId },
      more: true,
    };
  };

  const readFresh = async (): Promise<MailboxPage> => {
    const profile = await get<{ historyId: string }>('/profile', GMAIL_UNITS.getProfile);
    if (!profile) throw new Error('Gmail has no profile for this account');
    return listRecent(String(profile.historyId), '');
  };

  return {
    async readPage(cursor: MailboxCursor | null): Promise<MailboxPage> {
      if (!cursor?.historyId) return readFresh();
      const historyId = String(cursor.historyId);
      if (typeof cursor.listing === 'string') return listRecent(historyId, cursor.listing);
      const token = cursor.pageToken ? `&pageToken=${encodeURIComponent(String(cursor.pageToken))}` : '';
      const history = await get<{
        history?: Array<{ messagesAdded?: Array<{ message: { id: string } }> }>;
        nextPageToken?: string;
        historyId: string;
      }>(
        `/history?startHistoryId=${encodeURIComponent(historyId)}&historyTypes=messageAdded&labelId=INBOX&maxResults=${options.pageSize}${token}`,
        GMAIL_UNITS.historyList,
      );
      if (!history) return readFresh();
      const ids = [
        ...new Set((history.history ?? []).flatMap((entry) => (entry.messagesAdded ?? []).map((added) => added.message.id))),
      ];
      return {
        messages: await readMessages(ids),
        seen: ids.length,
        cursor: history.nextPageToken
          ? { historyId, pageToken: history.nextPageToken }
          : { historyId: String(history.historyId) },
        more: Boolean(history.nextPageToken),
      };
    },
    async close() {},
  };
}

function summaryOf(headers: GmailHeader[]): HeaderSummary {
  const field = (name: string) => headers.find((header) => header.name.toLowerCase() === name.toLowerCase())?.value;
  return {
    from: field('From') ?? '',
    subject: field('Subject') ?? '',
    contentType: field('Content-Type') ?? '',
    inReplyTo: field('In-Reply-To') ?? '',
    references: field('References') ?? '',
    autoSubmitted: field('Auto-Submitted'),
    xFailedRecipients: field('X-Failed-Recipients'),
  };
}
