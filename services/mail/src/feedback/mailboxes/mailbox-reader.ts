// What every mailbox reader (IMAP, Gmail API, Graph) offers the feedback loop: pages of new Inbox messages after a
// cursor, the raw MIME of only those whose headers might be feedback, and the next cursor to save.
import type { MailboxCursor } from '../../db/schema/mailbox-cursors';
import type { HeaderSummary } from '../parse/might-be-feedback';

export type { HeaderSummary } from '../parse/might-be-feedback';

export type IsCandidate = (headers: HeaderSummary) => boolean;

export interface MailboxMessage {
  /** Stable for this message in this mailbox (what apply's idempotency is keyed on with the email). */
  sourceId: string;
  raw: Buffer;
}

export interface MailboxPage {
  /** Candidates only (the rest were looked at by their headers and skipped). */
  messages: MailboxMessage[];
  /** How many messages the page looked at, candidates or not. */
  seen: number;
  /** Where the next page starts; saved after the page's findings are applied. */
  cursor: MailboxCursor;
  /** Whether more is known to be waiting now. */
  more: boolean;
}

export interface MailboxReader {
  /** null cursor = fresh: messages of the last 7 days, then everything after. */
  readPage(cursor: MailboxCursor | null): Promise<MailboxPage>;
  /**
   * Resolves true as soon as the server announces a new message, false after `ms` or when `signal` aborts.
   * Only readers holding a push connection (IMAP IDLE) have it.
   */
  waitForNews?(ms: number, signal: AbortSignal): Promise<boolean>;
  close(): Promise<void>;
}

/** A fresh cursor reads back this far. */
export const FRESH_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;
