// /emails (Email Logs): To, Subject, Status, Date; search by recipient or subject, status and date filters,
// Export CSV of the filtered log, and pages; a row opens Email Details. Rows still on their way are read again
// every few seconds, so their status changes without a reload. A held email says why under its status and when
// it is expected to go; a bounced, replied or partly suppressed one says so there too.
import { useState } from 'react';
import { type EmailLog, emailsApi } from '../../api';
import { buttonStyles, focusRing } from '../../components/styles';
import { ListContent } from '../layout/list-content';
import { cardStyles, PageHeading } from '../layout/page-heading';
import { Pager } from '../layout/pager';
import { useDebouncedValue } from '../layout/use-debounced-value';
import { useLoadErrorNotice } from '../notices/use-load-error-notice';
import { useNotifyingMutation } from '../notices/use-notifying-mutation';
import { EmailDetailsDialog } from './email-details-dialog';
import { EmailLogFilters, filterQuery, hasFilters, type LogFilters, NO_FILTERS } from './email-log-filters';
import { ExportLogButton } from './export-log-button';
import { FeedbackNote } from './feedback-note';
import { formatViewerTime } from './format-email-time';
import { holdExpected, holdLabel } from './hold-text';
import { emailKeys, useEmailList } from './queries';
import { StatusBadge } from './status-badge';
import { useLinkedEmail } from './use-linked-email';

export const PAGE_SIZE = 20;
export const CANCEL_SCHEDULED_QUESTION = 'Cancel this scheduled email? It will not be sent.';
/** How long typing in the search box pauses before the log is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Under a held email's status: the reason and the expected time, in the email's zone. */
export function HoldNote({ email }: { email: EmailLog }) {
  if (!email.hold) return null;
  return (
    <span className="mt-1 block text-xs text-amber-800" data-testid="hold-note">
      {holdLabel(email.hold)} — {holdExpected(email.hold, email.timezone)}
    </span>
  );
}

/** The date a log row shows: when it was sent, else when it is scheduled, else when it was created. */
export const rowDate = (email: EmailLog) => email.sentAt ?? email.scheduledAt ?? email.createdAt;

export function EmailsPage() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<LogFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<EmailLog | null>(null);
  const search = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const query = filterQuery({ ...filters, search });
  const emails = useEmailList({ page, limit: PAGE_SIZE, ...query });
  const linkedEmail = useLinkedEmail(setSelected);
  const closeDetails = () => {
    setSelected(null);
    linkedEmail.clear();
  };

  useLoadErrorNotice(emails.isError, 'Failed to load data', 'emails-load');
  const isFiltered = hasFilters(filters);
  const changeFilters = (next: LogFilters) => {
    setFilters(next);
    setPage(1);
  };
  const clearFilters = () => changeFilters(NO_FILTERS);

  const cancel = useNotifyingMutation({
    mutationFn: (email: EmailLog) => emailsApi.cancel(email._id),
    success: 'Scheduled email cancelled',
    failure: 'Failed to cancel email',
    invalidates: emailKeys.all,
    onSuccess: closeDetails,
  });

  const rows = emails.data?.data ?? [];
  const pages = Math.max(1, emails.data?.pagination?.pages ?? 1);
  const total = emails.data?.pagination?.total ?? rows.length;

  return (
    <>
      <PageHeading
        title="Email Logs"
        description={`${total} email${total === 1 ? '' : 's'}`}
        actions={<ExportLogButton query={query} />}
      />
      <EmailLogFilters filters={filters} onChange={changeFilters} />
      <section className={`${cardStyles} overflow-hidden`}>
        <ListContent
          isPending={emails.isPending}
          isEmpty={rows.length === 0}
          error={
            emails.isError
              ? { message: 'Failed to load data', onRetry: () => void emails.refetch(), isRetrying: emails.isFetching }
              : null
          }
          empty={
            isFiltered ? (
              <span className="flex flex-col items-center gap-3">
                No emails match these filters
                <button type="button" className={buttonStyles.secondary} onClick={clearFilters}>
                  Clear filters
                </button>
              </span>
            ) : (
              'No emails sent yet'
            )
          }
        >
          <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Emails">
            {rows.map((email) => (
              <li key={email._id}>
                <button
                  type="button"
                  data-testid="email-card"
                  className={`block w-full px-4 py-3 text-left hover:bg-indigo-50/50 ${focusRing}`}
                  onClick={() => setSelected(email)}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate text-sm font-medium text-slate-900">{email.subject}</span>
                    <StatusBadge status={email.status} />
                  </span>
                  <span className="mt-0.5 block truncate text-xs text-slate-600">{email.to.join(', ')}</span>
                  <span className="block text-xs text-slate-500">{formatViewerTime(rowDate(email))}</span>
                  <HoldNote email={email} />
                  <FeedbackNote email={email} />
                </button>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    To
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Subject
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Date
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((email) => (
                  <tr
                    key={email._id}
                    tabIndex={0}
                    data-testid="email-row"
                    className={`cursor-pointer hover:bg-indigo-50/50 ${focusRing}`}
                    onClick={() => setSelected(email)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        setSelected(email);
                      }
                    }}
                  >
                    <td className="max-w-[14rem] truncate px-4 py-3 text-slate-900">{email.to.join(', ')}</td>
                    <td className="max-w-[20rem] truncate px-4 py-3 text-slate-700">{email.subject}</td>
                    <td className="max-w-[16rem] px-4 py-3">
                      <StatusBadge status={email.status} />
                      <HoldNote email={email} />
                      <FeedbackNote email={email} />
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-500">{formatViewerTime(rowDate(email))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </ListContent>
        <Pager page={page} pages={pages} onPage={setPage} />
      </section>
      {selected && (
        <EmailDetailsDialog
          email={rows.find((email) => email._id === selected._id) ?? selected}
          onClose={closeDetails}
          onCancel={(email) => {
            if (window.confirm(CANCEL_SCHEDULED_QUESTION)) cancel.mutate(email);
          }}
          isCancelling={cancel.isPending}
        />
      )}
    </>
  );
}
