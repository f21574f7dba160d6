// Reading bounces and replies back from the mailbox (issue 21): each account says whether it is read and how
// the last read went — off, waiting for the first read, reading (last checked …), needs reconnect (the grant
// lacks the read scope: the reason and Reconnect), or error (what went wrong) — with the action to turn it
// on or off and, for SMTP accounts, the IMAP settings.
import { FEEDBACK_MESSAGES } from '@mailwright/contracts';
import type { EmailAccount, FeedbackState } from '../../api';
import { formatEmailTime } from '../emails/format-email-time';
import { RowButton } from '../layout/row-buttons';
import { browserTimeZone } from '../send-email/time-zone-options';

const BADGES: Record<FeedbackState, { label: string; style: string }> = {
  off: { label: 'Off', style: 'bg-slate-100 text-slate-700' },
  pending: { label: 'Pending', style: 'bg-blue-100 text-blue-800' },
  reading: { label: 'Reading', style: 'bg-emerald-100 text-emerald-800' },
  needs_reconnect: { label: 'Needs reconnect', style: 'bg-red-100 text-red-800' },
  error: { label: 'Error', style: 'bg-red-100 text-red-800' },
};

type Account = Pick<EmailAccount, 'email' | 'provider' | 'feedback'>;

/** The sentence beside the badge. */
export function feedbackText(account: Account, timeZone: string = browserTimeZone()): string {
  const { state, lastCheckedAt, error } = account.feedback;
  const checked = lastCheckedAt ? `last checked ${formatEmailTime(lastCheckedAt, timeZone)}` : 'not checked yet';
  switch (state) {
    case 'off':
      return 'Bounces and replies are not read from this mailbox.';
    case 'pending':
      return 'Turned on: the first check of the mailbox is on its way.';
    case 'reading':
      return `Bounces and replies are read from this mailbox, ${checked}.`;
    case 'needs_reconnect':
      if (error) return error;
      if (account.provider === 'gmail') return FEEDBACK_MESSAGES.gmailNeedsReadScope;
      if (account.provider === 'outlook') return FEEDBACK_MESSAGES.outlookNeedsReadScope;
      return 'Reconnect this account to let Mailwright read bounces and replies.';
    case 'error':
      return `The last check failed (${checked}): ${error ?? 'unknown error'}. It is tried again, more slowly.`;
  }
}

interface Props {
  account: Account;
  isSaving: boolean;
  /** Reconnect through OAuth (Gmail, Outlook); absent for SMTP. */
  onReconnect?: () => void;
  isConnecting?: boolean;
  onToggle: (enabled: boolean) => void;
  /** SMTP accounts: opens the IMAP settings. */
  onImapSettings?: () => void;
}

export function FeedbackStatus({ account, isSaving, onReconnect, isConnecting, onToggle, onImapSettings }: Props) {
  const { state, enabled, imap } = account.feedback;
  const badge = BADGES[state] ?? BADGES.off;
  const isProblem = state === 'needs_reconnect' || state === 'error';
  return (
    <div
      className={`flex flex-col gap-2 rounded-lg border px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between ${
        isProblem ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-slate-50'
      }`}
      data-testid="feedback-status"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">Bounces &amp; replies</span>
          <span
            className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${badge.style}`}
            data-testid="feedback-badge"
          >
            {badge.label}
          </span>
        </p>
        <p className={`mt-0.5 break-words text-xs ${isProblem ? 'text-red-800' : 'text-slate-600'}`} data-testid="feedback-text">
          {feedbackText(account)}
        </p>
        {account.provider === 'smtp' && enabled && (
          <p className="mt-0.5 break-words text-xs text-slate-600">
            IMAP:{' '}
            {imap
              ? `${imap.host}:${imap.port}${imap.secure ? ' (TLS)' : ''} as ${imap.username}`
              : 'the SMTP host on port 993 (TLS) with the SMTP sign-in'}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {state === 'needs_reconnect' && onReconnect && (
          <RowButton aria-label={`Reconnect ${account.email} to read bounces`} disabled={isConnecting} onClick={onReconnect}>
            Reconnect
          </RowButton>
        )}
        {onImapSettings && (
          <RowButton aria-label={`IMAP settings of ${account.email}`} onClick={onImapSettings}>
            IMAP settings
          </RowButton>
        )}
        <RowButton
          aria-label={`${enabled ? 'Stop reading' : 'Read'} bounces and replies of ${account.email}`}
          disabled={isSaving}
          onClick={() => onToggle(!enabled)}
        >
          {enabled ? 'Turn off' : 'Turn on'}
        </RowButton>
      </div>
    </div>
  );
}
