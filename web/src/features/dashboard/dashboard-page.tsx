// /dashboard: welcome, the first-run checklist until it is done, Email Quota, Subscription, Status, Quick Stats,
// quick actions, Recent Activity.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { linkStyles } from '../../components/styles';
import { useAuth } from '../auth';
import { planName } from '../billing/plan-catalogue';
import { useEmailList, useEmailStats } from '../emails/queries';
import { StatusBadge } from '../emails/status-badge';
import { cardStyles, EmptyState, PageHeading } from '../layout/page-heading';
import { useLoadErrorNotice } from '../notices/use-load-error-notice';
import { FirstRunChecklist, useFirstRunData } from './first-run-checklist';

export function quotaText(used: number, limit: number): string {
  return limit === -1
    ? `${used.toLocaleString('en-US')} / Unlimited`
    : `${used.toLocaleString('en-US')} / ${limit.toLocaleString('en-US')}`;
}

const quickActions = [
  { to: '/send-email', label: 'Send Email', text: 'Compose or schedule a message' },
  { to: '/email-accounts', label: 'Email Accounts', text: 'Connect Gmail, Outlook or SMTP' },
  { to: '/templates', label: 'Templates', text: 'Reuse subjects and bodies' },
  { to: '/api-keys', label: 'API Keys', text: 'Send from your own code' },
];

function Card({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className={`${cardStyles} p-5`} data-testid={testId}>
      <h2 className="text-sm font-medium text-slate-500">{title}</h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

export function DashboardPage() {
  const { user, refreshUser } = useAuth();
  const recent = useEmailList({ page: 1, limit: 5 });
  const stats = useEmailStats();
  const quota = user?.emailQuota ?? { used: 0, limit: 0 };
  const plan = user?.subscription?.plan ?? 'free';
  const limitReached = quota.limit !== -1 && quota.limit > 0 ? Math.min(100, (quota.used / quota.limit) * 100) : 0;

  // The quota moves with every send: show the current figure.
  useEffect(() => {
    refreshUser().catch(() => undefined);
  }, [refreshUser]);

  const firstRun = useFirstRunData(user?.email ?? '');

  useLoadErrorNotice(recent.isError || stats.isError, 'Failed to load data', 'dashboard-load');

  const heading = (
    <PageHeading title={`Welcome back, ${user?.name ?? ''}!`} description="Here is what is happening with your email." />
  );
  // The checklist sits above everything else: painting the rest before it is known would push the page down.
  if (firstRun.isPending) {
    return (
      <>
        {heading}
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      </>
    );
  }
  return (
    <>
      {heading}
      {user && <FirstRunChecklist user={user} data={firstRun} />}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Card title="Email Quota" testId="card-quota">
          <p className="text-2xl font-bold text-slate-900">{quotaText(quota.used, quota.limit)}</p>
          <p className="text-sm text-slate-500">emails used this month</p>
          {quota.limit !== -1 && (
            <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true" data-testid="quota-track">
              <div className="h-full rounded-full bg-indigo-600" style={{ width: `${limitReached}%` }} />
            </div>
          )}
        </Card>
        <Card title="Subscription" testId="card-subscription">
          <p className="text-2xl font-bold text-slate-900">{planName(plan)}</p>
          <Link to="/pricing" className={`${linkStyles} text-sm`}>
            Upgrade Plan
          </Link>
        </Card>
        <Card title="Status" testId="card-status">
          <p className={`text-2xl font-bold ${user?.isVerified ? 'text-emerald-600' : 'text-amber-600'}`}>
            {user?.isVerified ? 'Verified' : 'Unverified'}
          </p>
          <p className="text-sm text-slate-500">{user?.email}</p>
        </Card>
        <Card title="Quick Stats" testId="card-stats">
          {stats.data ? (
            <p className="text-sm text-slate-700">
              <span className="text-2xl font-bold text-slate-900">{stats.data.sent}</span> sent ·{' '}
              <span className="font-semibold">{stats.data.openRate}%</span> opened
            </p>
          ) : (
            <p className="text-sm text-slate-500">—</p>
          )}
          <Link to="/analytics" className={`${linkStyles} text-sm`}>
            View Analytics
          </Link>
        </Card>
      </div>

      <h2 className="mb-3 mt-8 text-lg font-semibold text-slate-900">Quick actions</h2>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {quickActions.map((action) => (
          <Link
            key={action.to}
            to={action.to}
            className={`${cardStyles} block p-4 transition hover:border-indigo-300 hover:shadow`}
          >
            <span className="font-semibold text-indigo-700">{action.label}</span>
            <span className="mt-1 block text-sm text-slate-500">{action.text}</span>
          </Link>
        ))}
      </div>

      <section className={`${cardStyles} mt-8`}>
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <h2 className="text-lg font-semibold text-slate-900">Recent Activity</h2>
          <Link to="/emails" className={`${linkStyles} text-sm`}>
            View all
          </Link>
        </div>
        {recent.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : recent.data && recent.data.data.length > 0 ? (
          <ul className="divide-y divide-slate-100">
            {recent.data.data.map((email) => (
              <li key={email._id} className="flex items-center justify-between gap-3 px-5 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{email.subject}</p>
                  <p className="truncate text-xs text-slate-500">{email.to.join(', ')}</p>
                </div>
                <StatusBadge status={email.status} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>
            No emails sent yet.{' '}
            <Link to="/send-email" className={linkStyles}>
              Send your first email
            </Link>
          </EmptyState>
        )}
      </section>
    </>
  );
}
