// The mail an owner gets when the engine pauses one of their senders (issue 20): which sender, why, that its
// emails are held rather than lost, and how to get it sending again. Sent through identity, best-effort.
import { SENDER_PAUSE_MESSAGES, type SenderHealth, type SenderPauseReason } from '@mailwright/contracts';
import { trimTrailingSlash } from '@mailwright/kit';
import type { OwnerNotice } from '../adapters/owner-notices';
import type { AccountsDeps } from '../deps';

const HOW_TO_RESUME: Record<SenderPauseReason, string> = {
  auth_failed:
    'To resume, open Email Accounts, check the username and password of this sender and save it; saving resumes it. If the settings were right and the server has recovered, choose Resume instead.',
  grant_revoked: 'To resume, open Email Accounts and choose Reconnect for this sender, then allow access again.',
  provider_rate_limited:
    'Nothing needs doing: sending resumes automatically. To try earlier, open Email Accounts and choose Resume.',
  provider_daily_limit:
    'Nothing needs doing: sending resumes automatically. To try earlier, open Email Accounts and choose Resume.',
};

export function pauseNotice(email: string, health: SenderHealth, accountsPageUrl: string): OwnerNotice {
  const reason = health.reason ?? 'auth_failed';
  const reconnect = health.state === 'needs_reconnect';
  const lines = [
    reconnect
      ? `Mailwright stopped sending from ${email}: the mailbox needs to be reconnected.`
      : `Mailwright paused sending from ${email}.`,
    '',
    `Why: ${SENDER_PAUSE_MESSAGES[reason]}`,
    ...(health.detail ? [`The provider said: ${health.detail}`] : []),
    '',
    'Your emails are held, not lost: everything sent from this address waits in the queue and goes out, in order, once the sender is active again.',
    ...(health.resumesAt ? [`Sending is expected to resume at ${health.resumesAt} (UTC).`] : []),
    '',
    HOW_TO_RESUME[reason],
    accountsPageUrl,
  ];
  return {
    subject: reconnect ? `Reconnect ${email} to keep sending` : `Sending from ${email} is paused`,
    text: lines.join('\n'),
  };
}

/** In the background: the change that paused the sender never waits on, or fails for, the owner's mail. */
export function mailOwnerPaused(
  deps: Pick<AccountsDeps, 'owners' | 'config' | 'log'>,
  account: { userId: string; email: string },
  health: SenderHealth,
): void {
  const page = `${trimTrailingSlash(deps.config.PUBLIC_URL)}/email-accounts`;
  deps.owners.notify(account.userId, pauseNotice(account.email, health, page)).catch((error: unknown) => {
    deps.log.warn(
      { err: error instanceof Error ? error.message : String(error), userId: account.userId, reason: health.reason },
      'could not mail the owner that a sender paused',
    );
  });
}
