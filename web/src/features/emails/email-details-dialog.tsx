// Email Details: status, from, to, cc, bcc, subject, body, created/sent/scheduled times in the email's
// own zone (UTC fallback), opened/clicked analytics, the error, and Cancel for a scheduled email. Also the
// account that sent it (for a pool, the one picked at delivery), the pool, and why a held email waits.
// Issue 21: the bounce, the suppressed recipients, the reply, and whether it carried one-click unsubscribe.
// Issue 24: the body rendered in a sandboxed frame with a Source toggle, and the email's event timeline.
import type { ReactNode } from 'react';
import type { EmailLog } from '../../api';
import { buttonStyles } from '../../components/styles';
import { useAccounts } from '../accounts/queries';
import { Modal } from '../layout/modal';
import { dangerButtonStyles } from '../layout/page-heading';
import { useSenderPools } from '../sender-pools/queries';
import { EmailBodyView } from './email-body-view';
import { BounceDetails, ReplyDetails, SuppressedDetails } from './email-feedback-details';
import { EmailTimeline } from './email-timeline';
import { formatEmailTime } from './format-email-time';
import { holdExpected, holdLabel } from './hold-text';
import { StatusBadge } from './status-badge';

export function statusLabel(status: string): string {
  switch (status) {
    case 'sent':
      return 'Sent Successfully';
    case 'failed':
      return 'Failed';
    case 'scheduled':
      return 'Scheduled';
    case 'bounced':
      return 'Bounced';
    case 'suppressed':
      return 'Suppressed';
    default:
      return status.charAt(0).toUpperCase() + status.slice(1);
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

interface Props {
  email: EmailLog;
  onClose: () => void;
  onCancel: (email: EmailLog) => void;
  isCancelling: boolean;
}

export function EmailDetailsDialog({ email, onClose, onCancel, isCancelling }: Props) {
  const time = (iso: string | null) => formatEmailTime(iso, email.timezone) || '—';
  const list = (values: string[]) => (values.length ? values.join(', ') : '—');
  const accounts = useAccounts();
  const pools = useSenderPools({ enabled: Boolean(email.senderPoolId) });
  const account = accounts.data?.find((item) => item._id === email.emailAccountId);
  const pool = email.senderPoolId ? pools.data?.find((item) => item._id === email.senderPoolId) : undefined;
  const senderText = account ? account.email : email.emailAccountId ? `${email.emailAccountId} (removed account)` : '—';
  return (
    <Modal
      size="lg"
      title="Email Details"
      onClose={onClose}
      footer={
        <>
          {email.status === 'scheduled' && (
            <button type="button" className={dangerButtonStyles} disabled={isCancelling} onClick={() => onCancel(email)}>
              {isCancelling ? 'Cancelling...' : 'Cancel Scheduled Email'}
            </button>
          )}
          <button type="button" className={buttonStyles.primary} onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <div className="mb-2">
        <StatusBadge status={email.status} label={statusLabel(email.status)} />
      </div>
      {email.hold && (
        <div
          className="mb-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="hold-details"
        >
          <p className="font-semibold">
            {holdLabel(email.hold)} — {holdExpected(email.hold, email.timezone)}
          </p>
          <p>It stays queued and goes out as soon as the sender has room; it does not fail for this.</p>
        </div>
      )}
      <BounceDetails email={email} />
      <SuppressedDetails email={email} />
      <dl className="divide-y divide-slate-100">
        <Row label="From">{email.fromName ? `${email.fromName} <${email.from}>` : email.from}</Row>
        <Row label={email.status === 'sent' || email.status === 'bounced' ? 'Sent by' : 'Sending account'}>{senderText}</Row>
        {email.senderPoolId && <Row label="Sender pool">{pool ? pool.name : email.senderPoolId}</Row>}
        <Row label="To">{list(email.to)}</Row>
        <Row label="CC">{list(email.cc)}</Row>
        <Row label="BCC">{list(email.bcc)}</Row>
        <Row label="Subject">{email.subject}</Row>
        <Row label="Created">{time(email.createdAt)}</Row>
        <Row label="Sent">{time(email.sentAt)}</Row>
        <Row label="Scheduled">{time(email.scheduledAt)}</Row>
        {email.timezone && <Row label="Time zone">{email.timezone}</Row>}
        {email.unsubscribe && <Row label="Unsubscribe">One-click unsubscribe link included</Row>}
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Analytics</h3>
      <dl className="mt-1 grid gap-3 sm:grid-cols-3">
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs font-medium text-slate-500">Opened</dt>
          <dd className="text-sm text-slate-900">{email.analytics.opened ? `Yes — ${time(email.analytics.openedAt)}` : 'No'}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs font-medium text-slate-500">Links clicked</dt>
          <dd className="text-sm text-slate-900">
            {email.analytics.clicked ? `Yes — ${time(email.analytics.clickedAt)}` : 'No'}
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs font-medium text-slate-500">Replied</dt>
          <dd className="text-sm text-slate-900">
            {email.analytics.replied ? `Yes — ${time(email.analytics.repliedAt ?? email.repliedAt)}` : 'No'}
          </dd>
        </div>
      </dl>
      <ReplyDetails email={email} />
      {email.error && (
        <div className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
          <p className="font-semibold">Error</p>
          <p className="break-words">{email.error}</p>
        </div>
      )}
      <EmailTimeline email={email} />
      <EmailBodyView body={email.body} text={email.text} />
    </Modal>
  );
}
