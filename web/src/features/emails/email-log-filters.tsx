// The Email Logs filters: search by recipient or subject, status, and a date range (From / To, whole days in
// UTC as the server reads them), with Export CSV of exactly what they select.
import type { EmailStatus, ExportEmailsQuery } from '../../api';
import { inputStyles } from '../../components/styles';

/** Every status of the contract, in the filter's order: a status the contract adds must be placed here. */
export const statusLabels: Record<EmailStatus, string> = {
  sent: 'Sent',
  scheduled: 'Scheduled',
  failed: 'Failed',
  queued: 'Queued',
  sending: 'Sending',
  cancelled: 'Cancelled',
  bounced: 'Bounced',
  suppressed: 'Suppressed',
};
const statuses: readonly (EmailStatus | '')[] = ['', ...(Object.keys(statusLabels) as EmailStatus[])];

export interface LogFilters {
  search: string;
  status: EmailStatus | '';
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
}

export const NO_FILTERS: LogFilters = { search: '', status: '', from: '', to: '' };

export const hasFilters = (filters: LogFilters) =>
  filters.search.trim() !== '' || filters.status !== '' || filters.from !== '' || filters.to !== '';

/** The server's query for these filters (empty ones left out). */
export function filterQuery(filters: LogFilters): ExportEmailsQuery {
  const query: ExportEmailsQuery = {};
  if (filters.status) query.status = filters.status;
  if (filters.search.trim()) query.search = filters.search.trim();
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  return query;
}

const labelStyles = 'mb-1 block text-xs font-medium text-slate-600';

/** One end of the date range: a labelled date input, bounded by the other end when that is set. */
function DateFilterField({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelStyles}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={inputStyles}
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function EmailLogFilters({ filters, onChange }: { filters: LogFilters; onChange: (next: LogFilters) => void }) {
  const set = (patch: Partial<LogFilters>) => onChange({ ...filters, ...patch });
  return (
    <div
      className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
      data-testid="log-filters"
    >
      <div>
        <label htmlFor="log-search" className={labelStyles}>
          Search
        </label>
        <input
          id="log-search"
          type="search"
          className={inputStyles}
          placeholder="Recipient or subject"
          maxLength={200}
          value={filters.search}
          onChange={(event) => set({ search: event.target.value })}
        />
      </div>
      <div>
        <label htmlFor="status-filter" className={labelStyles}>
          Status
        </label>
        <select
          id="status-filter"
          className={inputStyles}
          value={filters.status}
          onChange={(event) => set({ status: statuses.find((value) => value === event.target.value) ?? '' })}
        >
          {statuses.map((value) => (
            <option key={value} value={value}>
              {value ? statusLabels[value] : 'All statuses'}
            </option>
          ))}
        </select>
      </div>
      <DateFilterField id="log-from" label="From date" value={filters.from} max={filters.to} onChange={(from) => set({ from })} />
      <DateFilterField id="log-to" label="To date" value={filters.to} min={filters.from} onChange={(to) => set({ to })} />
    </div>
  );
}
