// One turn of one mailbox: pages from the saved cursor (a cursor of another generation starts fresh) until the
// mailbox is caught up or the turn's budget is spent; each candidate classified, each finding applied, and the
// cursor saved after every page, so a crash re-reads at most one page (apply is idempotent per message).
import type { Logger } from 'pino';
import type { MailDatabase } from '../db/client';
import { loadMailboxCursor, saveMailboxCursor } from '../db/queries/mailbox-cursors';
import type { FeedbackMetrics } from './feedback-metrics';
import type { MailboxReader } from './mailboxes/mailbox-reader';

export interface Finding {
  kind: string;
}

export interface MailboxRef {
  accountId: string;
  userId: string;
}

export interface TurnDeps<F extends Finding> {
  db: MailDatabase;
  classify: (raw: Buffer) => Promise<F>;
  apply: (mailbox: MailboxRef, sourceId: string, finding: F) => Promise<void>;
  log: Logger;
  metrics?: FeedbackMetrics;
}

export interface TurnBudget {
  messages: number;
  deadline: number;
  signal: AbortSignal;
}

/** Whether more is waiting (the budget ran out before the mailbox was caught up). */
export async function readTurn<F extends Finding>(
  deps: TurnDeps<F>,
  mailbox: MailboxRef & { generation: string; provider: string },
  reader: MailboxReader,
  budget: TurnBudget,
): Promise<boolean> {
  const stored = await loadMailboxCursor(deps.db, mailbox.accountId);
  let cursor = stored?.generation === mailbox.generation ? stored.cursor : null;
  let seen = 0;
  for (;;) {
    const page = await reader.readPage(cursor);
    for (const message of page.messages) {
      let finding: F;
      try {
        finding = await deps.classify(message.raw);
      } catch (error) {
        // One message that cannot be parsed must not hold the mailbox at this page forever.
        deps.log.warn({ err: error, accountId: mailbox.accountId, sourceId: message.sourceId }, 'mailbox message not classified');
        continue;
      }
      if (finding.kind === 'unrelated') continue;
      await deps.apply({ accountId: mailbox.accountId, userId: mailbox.userId }, message.sourceId, finding);
      deps.metrics?.findings.inc({ kind: finding.kind });
    }
    await saveMailboxCursor(deps.db, {
      accountId: mailbox.accountId,
      userId: mailbox.userId,
      generation: mailbox.generation,
      cursor: page.cursor,
    });
    cursor = page.cursor;
    seen += page.seen;
    deps.metrics?.messagesRead.inc({ provider: mailbox.provider }, page.seen);
    if (!page.more) return false;
    if (seen >= budget.messages || Date.now() >= budget.deadline || budget.signal.aborted) return true;
  }
}
