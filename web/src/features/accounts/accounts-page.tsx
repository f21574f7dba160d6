// /email-accounts: the sender accounts, Add SMTP (add/edit), Connect Gmail / Connect Outlook, and the
// notices of an OAuth return (the success/error parameters are then removed from the address). Each sender
// shows its health (Resume a paused one, Reconnect one whose grant is gone), its usage this minute and
// today (read again every few seconds), and its sending limits (the Limits dialog). Issue 21: whether bounces
// and replies are read from its mailbox (turn on/off, Reconnect for the read scope, IMAP settings for SMTP).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  type EmailAccount,
  emailAccountsApi,
  type OAuthEmailProvider,
  type UpdateFeedbackBody,
  type UpdateSenderLimitsBody,
} from '../../api';
import { buttonStyles } from '../../components/styles';
import { useAuth } from '../auth';
import { AllowanceActions, limitReachedText } from '../billing/allowance-actions';
import { allowanceOf, planOf } from '../billing/plan-allowance';
import { useFormErrors } from '../forms/use-form-errors';
import { PageHeading } from '../layout/page-heading';
import { ResourceList } from '../layout/resource-list';
import { RowButton } from '../layout/row-buttons';
import { notifyError } from '../notices/error-notice';
import { useLoadErrorNotice } from '../notices/use-load-error-notice';
import { useNotifyingMutation } from '../notices/use-notifying-mutation';
import { AccountSummary } from './account-summary';
import { FeedbackStatus } from './feedback-status';
import { ImapSettingsDialog } from './imap-settings-dialog';
import { LimitsDialog } from './limits-dialog';
import { type LimitErrors, serverLimitErrors } from './limits-form';
import { OAUTH_RETURN_PARAMS, oauthReturnNotice } from './oauth-return';
import { accountKeys, useAccounts } from './queries';
import { countScheduledFrom, deleteAccountQuestion } from './scheduled-from-account';
import { HealthNotice, healthState } from './sender-health';
import { SenderUsagePanel } from './sender-usage';
import { SMTP_FIELDS, SmtpAccountDialog, type SmtpAccountSave } from './smtp-account-dialog';

const accountsKey = accountKeys.all;
const oauthProviders: { provider: OAuthEmailProvider; label: string }[] = [
  { provider: 'gmail', label: 'Gmail' },
  { provider: 'outlook', label: 'Outlook' },
];
type DialogState =
  | { mode: 'closed' }
  | { mode: 'add' }
  | { mode: 'edit'; account: EmailAccount }
  | { mode: 'limits'; account: EmailAccount }
  | { mode: 'imap'; account: EmailAccount };

const isOAuthProvider = (provider: EmailAccount['provider']): provider is OAuthEmailProvider =>
  oauthProviders.some((item) => item.provider === provider);

export function AccountsPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  const signedInEmail = user?.email;
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [connecting, setConnecting] = useState<OAuthEmailProvider | null>(null);
  const accounts = useAccounts();
  const plan = planOf(user?.subscription?.plan);
  const allowance = accounts.data ? allowanceOf(accounts.data.length, plan.accountLimit, 'accounts') : null;
  const limitTitle = allowance?.isAtLimit ? limitReachedText('account', plan.name) : undefined;
  const [limitErrors, setLimitErrors] = useState<LimitErrors | null>(null);
  const handledReturn = useRef('');

  useLoadErrorNotice(accounts.isError, 'Failed to fetch accounts', 'accounts-fetch');

  useEffect(() => {
    const key = searchParams.toString();
    const notice = oauthReturnNotice(searchParams, signedInEmail);
    if (!searchParams.has('success') && !searchParams.has('error')) return;
    if (handledReturn.current === key) return;
    handledReturn.current = key;
    if (notice) {
      if (notice.kind === 'success') {
        toast.success(
          notice.detail ? (
            <span>
              {notice.message}
              <br />
              {notice.detail}
            </span>
          ) : (
            notice.message
          ),
          // Long enough to read which mailbox joined which account.
          notice.detail ? { duration: 10_000 } : {},
        );
      } else toast.error(notice.message);
    }
    void queryClient.invalidateQueries({ queryKey: accountsKey });
    const rest = new URLSearchParams(searchParams);
    for (const name of OAUTH_RETURN_PARAMS) rest.delete(name);
    const search = rest.toString();
    void navigate({ pathname: '/email-accounts', search: search ? `?${search}` : '' }, { replace: true });
  }, [searchParams, navigate, queryClient, signedInEmail]);

  const saveErrors = useFormErrors(SMTP_FIELDS);
  const save = useNotifyingMutation({
    mutationFn: (input: SmtpAccountSave) =>
      input.kind === 'edit' ? emailAccountsApi.update(input.accountId, input.body) : emailAccountsApi.addSmtp(input.body),
    success: (_data, input) =>
      input.kind === 'edit' ? 'Email account updated successfully' : 'Email account added successfully',
    failure: (input) => (input.kind === 'edit' ? 'Failed to update account' : 'Failed to add account'),
    invalidates: accountsKey,
    onSuccess: () => setDialog({ mode: 'closed' }),
    form: saveErrors,
  });

  const remove = useNotifyingMutation({
    mutationFn: emailAccountsApi.remove,
    success: 'Account deleted',
    failure: 'Failed to delete account',
    invalidates: accountsKey,
  });

  const makeDefault = useNotifyingMutation({
    mutationFn: emailAccountsApi.setDefault,
    success: 'Default account updated',
    failure: 'Failed to set default',
    invalidates: accountsKey,
  });

  const resume = useNotifyingMutation({
    mutationFn: emailAccountsApi.resume,
    success: 'Sending resumed',
    failure: 'Failed to resume account',
    invalidates: accountsKey,
  });

  const saveFeedback = useNotifyingMutation({
    mutationFn: ({ accountId, body }: { accountId: string; body: UpdateFeedbackBody }) =>
      emailAccountsApi.updateFeedback(accountId, body),
    success: (_data, { body }) =>
      body.enabled ? 'Reading bounces and replies from this mailbox' : 'Stopped reading bounces and replies',
    failure: 'Failed to update bounce and reply reading',
    invalidates: accountsKey,
    onSuccess: () => setDialog({ mode: 'closed' }),
  });

  const saveLimits = useMutation({
    mutationFn: ({ accountId, body }: { accountId: string; body: UpdateSenderLimitsBody }) =>
      emailAccountsApi.updateLimits(accountId, body),
    onSuccess: () => {
      toast.success('Sending limits updated');
      setDialog({ mode: 'closed' });
      void queryClient.invalidateQueries({ queryKey: accountsKey });
    },
    onError: (error) => {
      // A 400 naming a field is shown beside it; anything else is a notice.
      const byField = serverLimitErrors(error);
      if (byField) setLimitErrors(byField);
      else notifyError(error, 'Failed to update limits');
    },
  });

  async function connect(provider: OAuthEmailProvider) {
    setConnecting(provider);
    try {
      const ticket = await emailAccountsApi.connectTicket(provider);
      window.location.assign(ticket.url);
    } catch (error) {
      notifyError(error, 'Failed to connect account');
      setConnecting(null);
    }
  }

  return (
    <>
      <PageHeading
        title="Email Accounts"
        description="The addresses you send from. The default account is used when you do not pick one."
        actions={
          <>
            <AllowanceActions allowance={allowance} testId="account-allowance" />
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={allowance?.isAtLimit}
              title={limitTitle}
              onClick={() => setDialog({ mode: 'add' })}
            >
              Add SMTP
            </button>
            {oauthProviders.map(({ provider, label }) => (
              <button
                key={provider}
                type="button"
                className={buttonStyles.secondary}
                disabled={connecting !== null || allowance?.isAtLimit}
                title={limitTitle}
                onClick={() => void connect(provider)}
              >
                {connecting === provider ? 'Connecting...' : `Connect ${label}`}
              </button>
            ))}
          </>
        }
      />
      <ResourceList
        items={accounts.data ?? []}
        isPending={accounts.isPending}
        empty="No email accounts yet. Add an SMTP server or connect Gmail or Outlook."
        itemKey={(account) => account._id}
        rowTestId="account-row"
        rowClassName="grid grid-cols-1 gap-3 p-4 sm:p-5"
        renderRow={(account) => {
          const state = healthState(account);
          const oauthProvider = isOAuthProvider(account.provider) ? account.provider : null;
          return (
            <>
              <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
                <AccountSummary account={account} />
                <div className="flex flex-wrap gap-2 lg:justify-end">
                  {state === 'paused' && (
                    <RowButton
                      aria-label={`Resume ${account.email}`}
                      disabled={resume.isPending}
                      onClick={() => resume.mutate(account._id)}
                    >
                      Resume
                    </RowButton>
                  )}
                  {state === 'needs_reconnect' && oauthProvider && (
                    <RowButton
                      aria-label={`Reconnect ${account.email}`}
                      disabled={connecting !== null}
                      onClick={() => void connect(oauthProvider)}
                    >
                      {connecting === oauthProvider ? 'Connecting...' : 'Reconnect'}
                    </RowButton>
                  )}
                  <RowButton
                    aria-label={`Sending limits of ${account.email}`}
                    onClick={() => {
                      setLimitErrors(null);
                      setDialog({ mode: 'limits', account });
                    }}
                  >
                    Limits
                  </RowButton>
                  {!account.isDefault && <RowButton onClick={() => makeDefault.mutate(account._id)}>Set as Default</RowButton>}
                  {account.provider === 'smtp' && (
                    <RowButton onClick={() => setDialog({ mode: 'edit', account })}>Edit</RowButton>
                  )}
                  <RowButton
                    tone="danger"
                    disabled={remove.isPending}
                    onClick={() =>
                      void countScheduledFrom(account._id)
                        .catch(() => null)
                        .then((scheduled) => {
                          if (window.confirm(deleteAccountQuestion(scheduled))) remove.mutate(account._id);
                        })
                    }
                  >
                    Delete
                  </RowButton>
                </div>
              </div>
              <HealthNotice account={account} />
              {account.feedback && (
                <FeedbackStatus
                  account={account}
                  isSaving={saveFeedback.isPending}
                  onToggle={(enabled) => saveFeedback.mutate({ accountId: account._id, body: { enabled } })}
                  onReconnect={oauthProvider ? () => void connect(oauthProvider) : undefined}
                  isConnecting={connecting !== null}
                  onImapSettings={account.provider === 'smtp' ? () => setDialog({ mode: 'imap', account }) : undefined}
                />
              )}
              <SenderUsagePanel accountId={account._id} />
            </>
          );
        }}
      />
      {dialog.mode === 'limits' && (
        <LimitsDialog
          account={dialog.account}
          isSaving={saveLimits.isPending}
          serverErrors={limitErrors}
          onClose={() => setDialog({ mode: 'closed' })}
          onSave={(body) => saveLimits.mutate({ accountId: dialog.account._id, body })}
        />
      )}
      {dialog.mode === 'imap' && (
        <ImapSettingsDialog
          account={dialog.account}
          isSaving={saveFeedback.isPending}
          onClose={() => setDialog({ mode: 'closed' })}
          onSave={(body) => saveFeedback.mutate({ accountId: dialog.account._id, body })}
        />
      )}
      {(dialog.mode === 'add' || dialog.mode === 'edit') && (
        <SmtpAccountDialog
          account={dialog.mode === 'edit' ? dialog.account : undefined}
          isSaving={save.isPending}
          errors={saveErrors}
          onClose={() => {
            saveErrors.reset();
            setDialog({ mode: 'closed' });
          }}
          onSave={(input) => save.mutate(input)}
        />
      )}
    </>
  );
}
