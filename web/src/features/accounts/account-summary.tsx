// What an account row says: name, provider, default and health badges, address, SMTP server and
// the copyable id.
import type { EmailAccount } from '../../api';
import { CopyId } from '../layout/copy-id';
import { HealthBadge, healthState } from './sender-health';

export function AccountSummary({ account }: { account: EmailAccount }) {
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-2">
        <span className="truncate font-semibold text-slate-900">{account.displayName || account.email}</span>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold tracking-wide text-slate-700">
          {account.provider.toUpperCase()}
        </span>
        {account.isDefault && (
          <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-700">(Default)</span>
        )}
        <HealthBadge state={healthState(account)} />
      </p>
      <p className="truncate text-sm text-slate-600">{account.email}</p>
      {account.smtpConfig && (
        <p className="truncate text-xs text-slate-500">
          {account.smtpConfig.host}:{account.smtpConfig.port}
          {account.smtpConfig.secure ? ' (SSL/TLS)' : ''}
        </p>
      )}
      <div className="mt-1">
        <CopyId id={account._id} />
      </div>
    </div>
  );
}
