// "Get started" on the dashboard until its three steps are done: verify (with Resend verification email), add a
// sender (a link to Email Accounts), send a test email to yourself (one click, once a sender exists).
import { Link } from 'react-router-dom';
import { authApi, emailsApi, type User } from '../../api';
import { buttonStyles } from '../../components/styles';
import { useAccounts } from '../accounts/queries';
import { emailKeys, useEmailList } from '../emails/queries';
import { cardStyles } from '../layout/page-heading';
import { useNotifyingMutation } from '../notices/use-notifying-mutation';
import { type FirstRunStep, firstRunSteps, TEST_EMAIL_SUBJECT, testEmailBody } from './first-run-steps';

/**
 * What the checklist reads: the user's senders, and the log searched for their own address (any email to it counts
 * as the test). The dashboard waits for it too, so the checklist never appears above content already painted.
 */
export function useFirstRunData(email: string) {
  const accounts = useAccounts();
  const toSelf = useEmailList({ page: 1, limit: 1, search: email });
  return { accounts, toSelf, isPending: accounts.isPending || toSelf.isPending };
}

export type FirstRunData = ReturnType<typeof useFirstRunData>;

/** data: the dashboard's useFirstRunData (read once there, since the dashboard waits for it too). */
export function FirstRunChecklist({ user, data }: { user: User; data: FirstRunData }) {
  const { accounts, toSelf } = data;
  const sendTest = useNotifyingMutation({
    mutationFn: () => emailsApi.send({ to: [user.email], subject: TEST_EMAIL_SUBJECT, body: testEmailBody(user.name) }),
    success: 'Email sent!',
    failure: 'Failed to send email',
    invalidates: emailKeys.all,
  });
  const resend = useNotifyingMutation({
    mutationFn: () => authApi.resendVerification(user.email),
    success: (answer) => answer.message,
    failure: 'Failed to resend the verification email',
  });

  if (accounts.isPending || toSelf.isPending || accounts.isError || toSelf.isError) return null;
  const hasSender = accounts.data.length > 0;
  const steps = firstRunSteps({
    isVerified: user.isVerified,
    hasSender,
    hasEmailedSelf: toSelf.data.pagination.total > 0,
  });
  const done = steps.filter((step) => step.isDone).length;
  if (done === steps.length) return null;

  const action = (step: FirstRunStep) => {
    if (step.isDone) return null;
    switch (step.id) {
      case 'verify':
        return (
          <button type="button" className={buttonStyles.secondary} disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? 'Sending...' : 'Resend verification email'}
          </button>
        );
      case 'sender':
        return (
          <Link to="/email-accounts" className={buttonStyles.secondary}>
            Add a sender
          </Link>
        );
      case 'test-email':
        return (
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={!hasSender || sendTest.isPending}
            title={hasSender ? undefined : 'Add a sender account first'}
            onClick={() => sendTest.mutate()}
          >
            {sendTest.isPending ? 'Sending...' : `Send test email to ${user.email}`}
          </button>
        );
    }
  };

  return (
    <section className={`${cardStyles} mb-6 p-5`} aria-labelledby="first-run-heading" data-testid="first-run-checklist">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="first-run-heading" className="text-lg font-semibold text-slate-900">
          Get started
        </h2>
        <p className="text-sm text-slate-500" data-testid="first-run-progress">
          {done} of {steps.length} done
        </p>
      </div>
      <ol className="mt-3 divide-y divide-slate-100">
        {steps.map((step, index) => (
          <li
            key={step.id}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            data-testid={`first-run-${step.id}`}
            data-done={step.isDone}
          >
            <span className="flex min-w-0 items-center gap-3">
              <span
                className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                  step.isDone ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-100 text-slate-600'
                }`}
                aria-hidden="true"
              >
                {step.isDone ? '✓' : index + 1}
              </span>
              <span
                className={`min-w-0 break-words text-sm ${step.isDone ? 'text-slate-500 line-through' : 'font-medium text-slate-900'}`}
              >
                {step.title}
                <span className="sr-only">{step.isDone ? ' (done)' : ' (to do)'}</span>
              </span>
            </span>
            {action(step)}
          </li>
        ))}
      </ol>
    </section>
  );
}
