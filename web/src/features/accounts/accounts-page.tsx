// /email-accounts: the sender accounts, Add SMTP (add/edit), Connect Gmail / Connect Outlook, and the
// notices of an OAuth return (the success/error parameters are then removed from the address).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type EmailAccount, emailAccountsApi, errorMessage, type OAuthEmailProvider } from '../../api';
import { buttonStyles } from '../../components/styles';
import { useAuth } from '../auth';
import { PageHeading } from '../layout/page-heading';
import { ResourceList } from '../layout/resource-list';
import { ConfirmButton, RowButton } from '../layout/row-buttons';
import { useLoadErrorNotice } from '../notices/use-load-error-notice';
import { useNotifyingMutation } from '../notices/use-notifying-mutation';
import { AccountSummary } from './account-summary';
import { OAUTH_RETURN_PARAMS, oauthReturnNotice } from './oauth-return';
import { SmtpAccountDialog, type SmtpAccountSave } from './smtp-account-dialog';

const accountsKey = ['email-accounts'] as const;
const oauthProviders: { provider: OAuthEmailProvider; label: string }[] = [
  { provider: 'gmail', label: 'Gmail' },
  { provider: 'outlook', label: 'Outlook' },
];
type DialogState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; account: EmailAccount };

export function AccountsPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  const signedInEmail = user?.email;
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [connecting, setConnecting] = useState<OAuthEmailProvider | null>(null);
  const accounts = useQuery({ queryKey: accountsKey, queryFn: emailAccountsApi.list });
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

  const save = useNotifyingMutation({
    mutationFn: (input: SmtpAccountSave) =>
      input.kind === 'edit' ? emailAccountsApi.update(input.accountId, input.body) : emailAccountsApi.addSmtp(input.body),
    success: (_data, input) =>
      input.kind === 'edit' ? 'Email account updated successfully' : 'Email account added successfully',
    failure: (input) => (input.kind === 'edit' ? 'Failed to update account' : 'Failed to add account'),
    invalidates: accountsKey,
    onSuccess: () => setDialog({ mode: 'closed' }),
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

  async function connect(provider: OAuthEmailProvider) {
    setConnecting(provider);
    try {
      const ticket = await emailAccountsApi.connectTicket(provider);
      window.location.assign(ticket.url);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to connect account'));
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
            <button type="button" className={buttonStyles.primary} onClick={() => setDialog({ mode: 'add' })}>
              Add SMTP
            </button>
            {oauthProviders.map(({ provider, label }) => (
              <button
                key={provider}
                type="button"
                className={buttonStyles.secondary}
                disabled={connecting !== null}
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
        renderRow={(account) => (
          <>
            <AccountSummary account={account} />
            <div className="flex flex-wrap gap-2">
              {!account.isDefault && <RowButton onClick={() => makeDefault.mutate(account._id)}>Set as Default</RowButton>}
              {account.provider === 'smtp' && <RowButton onClick={() => setDialog({ mode: 'edit', account })}>Edit</RowButton>}
              <ConfirmButton
                tone="danger"
                question="Are you sure you want to delete this account?"
                onConfirm={() => remove.mutate(account._id)}
              >
                Delete
              </ConfirmButton>
            </div>
          </>
        )}
      />
      {dialog.mode !== 'closed' && (
        <SmtpAccountDialog
          account={dialog.mode === 'edit' ? dialog.account : undefined}
          isSaving={save.isPending}
          onClose={() => setDialog({ mode: 'closed' })}
          onSave={(input) => save.mutate(input)}
        />
      )}
    </>
  );
}
