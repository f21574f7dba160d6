// An account row's mailbox feedback (issue 21) as the user sees it. An OAuth grant without the read scope
// (connected with send only) and a sender that needs reconnecting cannot be read: both show needs_reconnect.
import { type AccountFeedback, FEEDBACK_MESSAGES, type OAuthEmailProvider } from '@mailwright/contracts';
import { grantsMailboxRead } from '../adapters/mail-providers/read-scopes';
import type { EmailAccountRow } from '../db/tables';
import { senderHealthOf } from './sender-health-of';

type FeedbackColumns = Pick<
  EmailAccountRow,
  | 'provider'
  | 'feedbackEnabled'
  | 'feedbackState'
  | 'feedbackCheckedAt'
  | 'feedbackError'
  | 'grantedScopes'
  | 'imapHost'
  | 'imapPort'
  | 'imapSecure'
  | 'imapUsername'
  | 'smtpUsername'
  | 'status'
  | 'healthState'
  | 'healthReason'
  | 'healthDetail'
  | 'healthSince'
  | 'healthResumesAt'
>;

const NEEDS_READ_SCOPE: Record<OAuthEmailProvider, string> = {
  gmail: FEEDBACK_MESSAGES.gmailNeedsReadScope,
  outlook: FEEDBACK_MESSAGES.outlookNeedsReadScope,
};

/** Why an OAuth account cannot be read (its grant lacks the read scope), or null when it can (and for SMTP). */
export function missingReadScopeMessage(row: Pick<EmailAccountRow, 'provider' | 'grantedScopes'>): string | null {
  if (row.provider === 'smtp' || grantsMailboxRead(row.provider, row.grantedScopes)) return null;
  return NEEDS_READ_SCOPE[row.provider];
}

function imapSettingsOf(row: FeedbackColumns): AccountFeedback['imap'] {
  if (row.provider !== 'smtp' || !row.imapHost) return null;
  return {
    host: row.imapHost,
    port: row.imapPort ?? 0,
    secure: row.imapSecure ?? true,
    username: row.imapUsername ?? row.smtpUsername ?? '',
  };
}

export function accountFeedbackOf(row: FeedbackColumns, now = new Date()): AccountFeedback {
  const shown = {
    enabled: row.feedbackEnabled,
    lastCheckedAt: row.feedbackCheckedAt ? row.feedbackCheckedAt.toISOString() : null,
    imap: imapSettingsOf(row),
  };
  if (!row.feedbackEnabled) return { ...shown, state: 'off', error: null };
  const missingScope = missingReadScopeMessage(row);
  if (missingScope) return { ...shown, state: 'needs_reconnect', error: missingScope };
  if (senderHealthOf(row, now).state === 'needs_reconnect') {
    return { ...shown, state: 'needs_reconnect', error: row.feedbackState === 'needs_reconnect' ? row.feedbackError : null };
  }
  return { ...shown, state: row.feedbackState, error: row.feedbackError };
}
