// Email status colours (spec section 4): sent green, failed red, scheduled blue, anything else grey. Issue 21
// adds bounced (orange: it failed after the provider took it) and suppressed (violet: held back on purpose).
export function statusColor(status: string): string {
  switch (status) {
    case 'sent':
      return 'bg-emerald-100 text-emerald-800';
    case 'failed':
      return 'bg-red-100 text-red-800';
    case 'scheduled':
      return 'bg-blue-100 text-blue-800';
    case 'bounced':
      return 'bg-orange-100 text-orange-800';
    case 'suppressed':
      return 'bg-violet-100 text-violet-800';
    default:
      return 'bg-slate-100 text-slate-700';
  }
}

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ${statusColor(status)}`}>
      {label ?? status}
    </span>
  );
}
