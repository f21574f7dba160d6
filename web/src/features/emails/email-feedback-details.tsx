// Email Details (issue 21): what the sender's mailbox told us about the email — the hard bounce (recipient,
// code, the server's diagnostic), the first reply (date, from, subject, snippet) — and the recipients the
// suppression list left out. Times in the email's own zone like the dialog's other times.
import { SUPPRESSION_MESSAGES } from '@mailwright/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { EmailLog } from '../../api';
import { linkStyles } from '../../components/styles';
import { formatEmailTime } from './format-email-time';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[7rem_1fr] sm:gap-3">
      <dt className="font-medium opacity-80">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export function BounceDetails({ email }: { email: EmailLog }) {
  const { bounce } = email;
  if (!bounce) return null;
  return (
    <section
      className="mb-2 rounded-lg border border-orange-200 bg-orange-50 p-3 text-sm text-orange-900"
      aria-label="Bounce"
      data-testid="bounce-details"
    >
      <p className="font-semibold">Bounced — the recipient's server refused this email permanently</p>
      <dl className="mt-2 grid gap-1.5">
        <Field label="Recipient">{bounce.recipient ?? '—'}</Field>
        <Field label="Code">{bounce.code ?? '—'}</Field>
        <Field label="Diagnostic">
          <span className="font-mono text-xs">{bounce.diagnostic ?? '—'}</span>
        </Field>
        <Field label="Bounced">{formatEmailTime(bounce.at, email.timezone) || '—'}</Field>
      </dl>
      {bounce.recipient && (
        <p className="mt-2 text-xs">
          A hard bounce puts the address on your{' '}
          <Link to="/suppressions" className={linkStyles}>
            suppression list
          </Link>
          : later emails to it are skipped.
        </p>
      )}
    </section>
  );
}

export function SuppressedDetails({ email }: { email: EmailLog }) {
  if (email.status !== 'suppressed' && email.suppressed.length === 0) return null;
  return (
    <section
      className="mb-2 rounded-lg border border-violet-200 bg-violet-50 p-3 text-sm text-violet-900"
      aria-label="Suppressed recipients"
      data-testid="suppressed-details"
    >
      <p className="font-semibold">
        {email.status === 'suppressed'
          ? SUPPRESSION_MESSAGES.allSuppressed
          : 'Some recipients are on your suppression list and were skipped'}
      </p>
      {email.suppressed.length > 0 && <p className="mt-1 break-words">{email.suppressed.join(', ')}</p>}
      <p className="mt-1 text-xs">
        Manage the list on{' '}
        <Link to="/suppressions" className={linkStyles}>
          Suppressions
        </Link>
        .
      </p>
    </section>
  );
}

export function ReplyDetails({ email }: { email: EmailLog }) {
  const { reply } = email;
  if (!reply) return null;
  return (
    <section className="mt-4" aria-label="Reply" data-testid="reply-details">
      <h3 className="text-sm font-semibold text-slate-900">Reply</h3>
      <dl className="mt-1 grid gap-1.5 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-900">
        <Field label="Date">{formatEmailTime(reply.date, email.timezone) || reply.date}</Field>
        <Field label="From">{reply.from}</Field>
        <Field label="Subject">{reply.subject}</Field>
        <Field label="Snippet">
          <span className="whitespace-pre-wrap">{reply.snippet}</span>
        </Field>
      </dl>
    </section>
  );
}
