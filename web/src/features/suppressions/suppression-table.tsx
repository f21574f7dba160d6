// The suppression list's rows: cards on small screens, a table from sm up. Each names the address, why it
// is listed (SUPPRESSION_REASON_LABELS), when it was added (the browser's zone), the email that put it
// there when there is one, and Remove (after a confirmation).
import { SUPPRESSION_REASON_LABELS, type SuppressionReason } from '@mailwright/contracts';
import { Link } from 'react-router-dom';
import type { Suppression } from '../../api';
import { linkStyles } from '../../components/styles';
import { formatEmailTime } from '../emails/format-email-time';
import { ConfirmButton } from '../layout/row-buttons';
import { browserTimeZone } from '../send-email/time-zone-options';

const REASON_STYLES: Record<SuppressionReason, string> = {
  hard_bounce: 'bg-orange-100 text-orange-800',
  complaint: 'bg-red-100 text-red-800',
  unsubscribe: 'bg-violet-100 text-violet-800',
  manual: 'bg-slate-100 text-slate-700',
};

export const emailLink = (emailId: string) => `/emails?email=${encodeURIComponent(emailId)}`;

function ReasonBadge({ reason }: { reason: SuppressionReason }) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${REASON_STYLES[reason] ?? REASON_STYLES.manual}`}
    >
      {SUPPRESSION_REASON_LABELS[reason] ?? reason}
    </span>
  );
}

interface Props {
  rows: readonly Suppression[];
  isRemoving: (email: string) => boolean;
  onRemove: (email: string) => void;
}

export function SuppressionTable({ rows, isRemoving, onRemove }: Props) {
  const zone = browserTimeZone();
  const removeButton = (row: Suppression) => (
    <ConfirmButton
      tone="danger"
      aria-label={`Remove ${row.email}`}
      disabled={isRemoving(row.email)}
      question={`Remove ${row.email} from your suppression list? Emails to it will be delivered again.`}
      onConfirm={() => onRemove(row.email)}
    >
      {isRemoving(row.email) ? 'Removing...' : 'Remove'}
    </ConfirmButton>
  );
  const source = (row: Suppression) =>
    row.emailId ? (
      <Link to={emailLink(row.emailId)} className={linkStyles} aria-label={`The email that suppressed ${row.email}`}>
        View email
      </Link>
    ) : (
      <span className="text-slate-400">—</span>
    );
  return (
    <>
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Suppressed addresses">
        {rows.map((row) => (
          <li key={row.email} className="flex flex-col gap-2 px-4 py-3" data-testid="suppression-card">
            <span className="break-all text-sm font-medium text-slate-900">{row.email}</span>
            <span className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
              <ReasonBadge reason={row.reason} />
              {formatEmailTime(row.createdAt, zone)}
            </span>
            <span className="flex items-center justify-between gap-2 text-sm">
              {row.emailId ? source(row) : <span />}
              {removeButton(row)}
            </span>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Email
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Reason
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Date added
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Source
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.email} data-testid="suppression-row">
                <td className="max-w-[20rem] break-all px-4 py-3 text-slate-900">{row.email}</td>
                <td className="px-4 py-3">
                  <ReasonBadge reason={row.reason} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-500">{formatEmailTime(row.createdAt, zone)}</td>
                <td className="whitespace-nowrap px-4 py-3">{source(row)}</td>
                <td className="px-4 py-3 text-right">{removeButton(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
