// A sender's health (issue 20): the badge (Active / Paused / Needs reconnect) and, when it is not active,
// why (the contracts' SENDER_PAUSE_MESSAGES, then the provider's own words), since when, and when it
// resumes by itself. Times are shown in the browser's zone.
import { SENDER_PAUSE_MESSAGES } from '@mailwright/contracts';
import type { EmailAccount, SenderHealthState } from '../../api';
import { formatEmailTime } from '../emails/format-email-time';
import { browserTimeZone } from '../send-email/time-zone-options';

const BADGES: Record<SenderHealthState, { label: string; style: string }> = {
  active: { label: 'Active', style: 'bg-emerald-100 text-emerald-800' },
  paused: { label: 'Paused', style: 'bg-amber-100 text-amber-800' },
  needs_reconnect: { label: 'Needs reconnect', style: 'bg-red-100 text-red-800' },
};

/** The account's health state; an account whose OAuth grant is gone needs reconnecting whatever else it says. */
export function healthState(account: Pick<EmailAccount, 'health' | 'status'>): SenderHealthState {
  if (account.status === 'needs_reconnect') return 'needs_reconnect';
  return account.health?.state ?? 'active';
}

export function HealthBadge({ state }: { state: SenderHealthState }) {
  const badge = BADGES[state];
  return (
    <span
      className={`shrink-0 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${badge.style}`}
      data-testid="health-badge"
    >
      {badge.label}
    </span>
  );
}

/** The sentence under a paused or disconnected sender; nothing for an active one. */
export function HealthNotice({ account }: { account: Pick<EmailAccount, 'health' | 'status'> }) {
  const state = healthState(account);
  if (state === 'active') return null;
  const { reason, detail, since, resumesAt } = account.health ?? {};
  const zone = browserTimeZone();
  const message = reason
    ? SENDER_PAUSE_MESSAGES[reason]
    : state === 'needs_reconnect'
      ? 'Needs reconnecting: connect the mailbox again to send from it.'
      : 'Paused: emails from this account are held until it is resumed.';
  const tone =
    state === 'needs_reconnect' ? 'border-red-200 bg-red-50 text-red-800' : 'border-amber-200 bg-amber-50 text-amber-900';
  return (
    <div className={`rounded-lg border px-3 py-2 text-sm ${tone}`} data-testid="health-notice">
      <p>{message}</p>
      {detail && <p className="mt-0.5 break-words text-xs opacity-80">Provider said: {detail}</p>}
      <p className="mt-0.5 text-xs opacity-80">
        {since && <>Since {formatEmailTime(since, zone)}. </>}
        {resumesAt ? (
          <>Resumes automatically at {formatEmailTime(resumesAt, zone)}.</>
        ) : state === 'paused' ? (
          <>Its emails are held, not failed, until you resume it.</>
        ) : (
          <>Its emails are held, not failed, until you reconnect it.</>
        )}
      </p>
    </div>
  );
}
