// /analytics: total, sent, failed, scheduled; open and click rates with their counts; bounce and reply rates
// (issue 21, read back from the senders' mailboxes) with theirs; daily charts.
import { Spinner } from '../../components/spinner';
import { useEmailStats } from '../emails/queries';
import { cardStyles, PageHeading } from '../layout/page-heading';
import { useLoadErrorNotice } from '../notices/use-load-error-notice';
import { DailyChart } from './daily-chart';

function Stat({
  label,
  value,
  detail,
  accent = 'text-slate-900',
}: {
  label: string;
  value: string | number;
  detail?: string;
  accent?: string;
}) {
  return (
    <section className={`${cardStyles} p-5`}>
      <h2 className="text-sm font-medium text-slate-500">{label}</h2>
      <p className={`mt-2 text-3xl font-bold ${accent}`}>{value}</p>
      {detail && <p className="mt-1 text-sm text-slate-500">{detail}</p>}
    </section>
  );
}

export function AnalyticsPage() {
  const stats = useEmailStats();
  useLoadErrorNotice(stats.isError, 'Failed to load data', 'analytics-load');

  const data = stats.data;
  return (
    <>
      <PageHeading title="Analytics" description="How your emails perform." />
      {stats.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : !data ? (
        <p className="text-sm text-slate-500">No analytics available.</p>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <Stat label="Total Emails" value={data.total} />
            <Stat label="Sent" value={data.sent} accent="text-emerald-600" />
            <Stat label="Failed" value={data.failed} accent="text-red-600" />
            <Stat label="Scheduled" value={data.scheduled} accent="text-blue-600" />
          </div>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Stat label="Open Rate" value={`${data.openRate}%`} detail={`${data.opened} opened`} accent="text-indigo-600" />
            <Stat label="Click Rate" value={`${data.clickRate}%`} detail={`${data.clicked} clicked`} accent="text-indigo-600" />
            <Stat
              label="Bounce Rate"
              value={`${data.bounceRate ?? 0}%`}
              detail={`${data.bounced ?? 0} bounced`}
              accent="text-orange-600"
            />
            <Stat
              label="Reply Rate"
              value={`${data.replyRate ?? 0}%`}
              detail={`${data.replied ?? 0} replied · ${data.unsubscribed ?? 0} unsubscribed`}
              accent="text-indigo-600"
            />
          </div>
          <div className="mt-6 grid gap-4 lg:grid-cols-3">
            <DailyChart title="Sent per day" points={data.series ?? []} field="sent" color="#10b981" />
            <DailyChart title="Opened per day" points={data.series ?? []} field="opened" color="#4f46e5" />
            <DailyChart title="Clicked per day" points={data.series ?? []} field="clicked" color="#f59e0b" />
          </div>
        </>
      )}
    </>
  );
}
