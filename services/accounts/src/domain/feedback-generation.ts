// A mailbox-reading generation (issue 21): a new one starts whenever the opt-in or the IMAP settings change
// or the mailbox is reconnected. The mail worker starts a fresh cursor for it, and what it reported for the
// previous generation no longer shows.
import { randomUUID } from 'node:crypto';

export function newFeedbackGeneration() {
  return {
    feedbackGeneration: randomUUID(),
    feedbackState: 'pending',
    feedbackCheckedAt: null,
    feedbackError: null,
  } as const;
}
