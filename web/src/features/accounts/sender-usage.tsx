// A sender's usage as bars (issue 20): messages this minute and today against its limits ('no limit' when it
// has none), recipients today when it has a recipients-a-day limit, and how many emails wait on it.
// Read again every USAGE_REFRESH_MS while the page is open.
import type { SenderUsage as Usage } from '../../api';
import { formatEmailTime } from '../emails/format-email-time';
import { browserTimeZone } from '../send-email/time-zone-options';
import { useSenderUsage } from './queries';

const count = (value: number) => value.toLocaleString('en-US');

/** The bar's fill colour: green, amber from 80 %, red at the limit. */
export function usageTone(used: number, limit: number): string {
  if (used >= limit) return 'bg-red-500';
  if (used >= limit * 0.8) return 'bg-amber-500';
  return 'bg-emerald-500';
}

interface UsageBarProps {
  label: string;
  used: number;
  limit: number | null;
  /** A line under the bar (e.g. when capacity returns). */
  note?: string;
}

export function UsageBar({ label, used, limit, note }: UsageBarProps) {
  const percent = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <div className="min-w-0" data-testid="usage-bar">
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="font-medium text-slate-600">{label}</span>
        <span className="whitespace-nowrap tabular-nums text-slate-900">
          {limit === null ? (
            <>
              {count(used)} <span className="text-slate-500">· no limit</span>
            </>
          ) : (
            `${count(used)} / ${count(limit)}`
          )}
        </span>
      </div>
      {limit === null ? (
        <div className="mt-1 h-2 rounded-full bg-slate-200" aria-hidden="true" />
      ) : (
        <div
          className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={`${count(used)} of ${count(limit)}`}
        >
          <div className={`h-full rounded-full ${usageTone(used, limit)}`} style={{ width: `${percent}%` }} />
        </div>
      )}
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
    </div>
  );
}

export function UsageBars({ usage }: { usage: Usage }) {
  const dayFull = usage.day.limit !== null && usage.day.used >= usage.day.limit;
  const dayNote =
    dayFull && usage.day.resetsAt ? `More capacity from ${formatEmailTime(usage.day.resetsAt, browserTimeZone())}` : undefined;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <UsageBar label="This minute" used={usage.minute.used} limit={usage.minute.limit} />
      <UsageBar label="Today" used={usage.day.used} limit={usage.day.limit} note={dayNote} />
      {usage.recipientsPerDay !== null && (
        <UsageBar label="Recipients today" used={usage.recipientsToday} limit={usage.recipientsPerDay} />
      )}
    </div>
  );
}

/** The usage block of one account row: bars, the held count, or a quiet line while it cannot be read. */
export function SenderUsagePanel({ accountId }: { accountId: string }) {
  const usage = useSenderUsage(accountId);
  if (!usage.data) {
    return (
      <p className="text-xs text-slate-500" data-testid="usage-unavailable">
        {usage.isError ? 'Usage is unavailable right now.' : 'Loading usage…'}
      </p>
    );
  }
  return (
    <section aria-label="Usage" className="grid grid-cols-1 gap-2" data-testid="sender-usage">
      <UsageBars usage={usage.data} />
      {usage.data.held > 0 && (
        <p className="text-xs font-medium text-amber-800" data-testid="held-count">
          {count(usage.data.held)} email{usage.data.held === 1 ? '' : 's'} held, waiting for this sender
        </p>
      )}
    </section>
  );
}
