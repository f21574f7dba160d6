// The reader for an account's provider, with that mailbox's pacer (kept by the loop across turns). The IMAP reader
// (imapflow) is loaded when a worker first reads an SMTP account's mailbox: many workers never do.
import type { MailboxAccess } from '@mailwright/contracts';
import type { Logger } from 'pino';
import { openGmailReader } from './gmail-reader';
import { openGraphReader } from './graph-reader';
import type { IsCandidate, MailboxReader } from './mailbox-reader';
import { RequestPacer } from './request-pacer';

export interface ReaderSettings {
  pageSize: number;
  allowPrivate: boolean;
  gmailUnitsPerSecond: number;
  graphRequestsPer10Minutes: number;
  graphRequestsPerSecond: number;
  imapPagesPerSecond: number;
}

export function pacerFor(provider: MailboxAccess['provider'], settings: ReaderSettings): RequestPacer {
  switch (provider) {
    case 'gmail':
      return new RequestPacer([{ units: settings.gmailUnitsPerSecond, windowMs: 1_000 }]);
    case 'outlook':
      return new RequestPacer([
        { units: settings.graphRequestsPer10Minutes, windowMs: 600_000 },
        { units: settings.graphRequestsPerSecond, windowMs: 1_000 },
      ]);
    case 'smtp':
      return new RequestPacer([{ units: settings.imapPagesPerSecond, windowMs: 1_000 }]);
  }
}

export interface TurnContext {
  pacer: RequestPacer;
  isCandidate: IsCandidate;
  deadline: number;
  signal: AbortSignal;
  log: Logger;
}

export async function openMailboxReader(
  access: MailboxAccess,
  settings: ReaderSettings,
  turn: TurnContext,
): Promise<MailboxReader> {
  const api = {
    pageSize: settings.pageSize,
    isCandidate: turn.isCandidate,
    pacer: turn.pacer,
    deadline: turn.deadline,
    signal: turn.signal,
  };
  switch (access.provider) {
    case 'gmail':
      return openGmailReader(access, api);
    case 'outlook':
      return openGraphReader(access, api);
    case 'smtp': {
      const { openImapReader } = await import('./imap-reader');
      const reader = await openImapReader(access.imap, {
        pageSize: settings.pageSize,
        isCandidate: turn.isCandidate,
        allowPrivate: settings.allowPrivate,
        log: turn.log,
      });
      // IMAP pages are paced here: the reader outlives a turn, the pacer belongs to the mailbox.
      return {
        readPage: async (cursor) => {
          await turn.pacer.take(1, turn.signal);
          return reader.readPage(cursor);
        },
        waitForNews: reader.waitForNews,
        close: () => reader.close(),
      };
    }
  }
}
