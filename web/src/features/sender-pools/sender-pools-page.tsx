// /sender-pools: groups of sender accounts the engine picks from at delivery time (issue 20). List, create,
// edit (name, strategy, ordered accounts), delete after confirmation. Pools are a Pro and Enterprise feature:
// on free the page says so, with the way to /pricing, and creation is off.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type EmailAccount, type SenderPool, senderPoolsApi } from '../../api';
import { buttonStyles, linkStyles } from '../../components/styles';
import { useAccounts } from '../accounts/queries';
import { HealthBadge, healthState } from '../accounts/sender-health';
import { CopyId } from '../layout/copy-id';
import { cardStyles, PageHeading } from '../layout/page-heading';
import { ResourceList } from '../layout/resource-list';
import { ConfirmButton, RowButton } from '../layout/row-buttons';
import { useNotifyingMutation } from '../notices/use-notifying-mutation';
import { PoolDialog, type PoolSave } from './pool-dialog';
import { STRATEGY_TEXT } from './pool-order';
import { isPlanWall, senderPoolKeys, usePlanHasPools, useSenderPools } from './queries';

type DialogState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; pool: SenderPool };

export const POOLS_PLAN_NOTICE = 'Sender pools are part of the Pro and Enterprise plans.';

function PlanNotice() {
  return (
    <section className={`${cardStyles} border-indigo-200 bg-indigo-50/60 p-5`} data-testid="pools-plan-notice">
      <h2 className="text-base font-semibold text-slate-900">{POOLS_PLAN_NOTICE}</h2>
      <p className="mt-1 text-sm text-slate-700">
        A pool sends from several of your accounts and skips any that is paused or at its limit. Your Free plan has one email
        account, so pools come with Pro and Enterprise, together with unlimited accounts.
      </p>
      <Link to="/pricing" className={`${buttonStyles.primary} mt-4`}>
        See plans and upgrade
      </Link>
    </section>
  );
}

function PoolAccounts({ pool, accounts }: { pool: SenderPool; accounts: ReadonlyMap<string, EmailAccount> }) {
  return (
    <ol className="mt-2 grid gap-1 text-sm" aria-label={`Accounts of ${pool.name}`}>
      {pool.accountIds.map((accountId, index) => {
        const account = accounts.get(accountId);
        return (
          <li key={accountId} className="flex min-w-0 items-center gap-2">
            <span className="w-5 shrink-0 text-right text-xs font-semibold text-slate-500">{index + 1}.</span>
            <span className="truncate text-slate-700">{account ? account.email : 'Removed account'}</span>
            {account && healthState(account) !== 'active' && <HealthBadge state={healthState(account)} />}
          </li>
        );
      })}
    </ol>
  );
}

export function SenderPoolsPage() {
  const hasPools = usePlanHasPools();
  const pools = useSenderPools();
  const accounts = useAccounts();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const accountList = accounts.data ?? [];
  const accountsById = new Map(accountList.map((account) => [account._id, account]));
  const planWall = !hasPools || isPlanWall(pools.error);

  const save = useNotifyingMutation({
    mutationFn: (input: PoolSave & { poolId?: string }) => {
      const { poolId, ...body } = input;
      return poolId ? senderPoolsApi.update(poolId, body) : senderPoolsApi.create(body);
    },
    success: (_data, input) => (input.poolId ? 'Sender pool updated' : 'Sender pool created'),
    failure: 'Failed to save sender pool',
    invalidates: senderPoolKeys.all,
    onSuccess: () => setDialog({ mode: 'closed' }),
  });

  const remove = useNotifyingMutation({
    mutationFn: senderPoolsApi.remove,
    success: 'Sender pool deleted',
    failure: 'Failed to delete sender pool',
    invalidates: senderPoolKeys.all,
  });

  return (
    <>
      <PageHeading
        title="Sender Pools"
        description="Group your email accounts and send with the pool: each email goes from an account that is healthy and has capacity, chosen when it is delivered."
        actions={
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={planWall || accountList.length === 0}
            title={planWall ? POOLS_PLAN_NOTICE : undefined}
            onClick={() => setDialog({ mode: 'create' })}
          >
            Create Pool
          </button>
        }
      />
      {planWall ? (
        <PlanNotice />
      ) : (
        <>
          {accounts.isSuccess && accountList.length === 0 && (
            <p className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800">
              A pool is made of your email accounts.{' '}
              <Link to="/email-accounts" className={linkStyles}>
                Add an account first
              </Link>
              .
            </p>
          )}
          <ResourceList
            items={pools.data ?? []}
            isPending={pools.isPending}
            error={
              pools.isError && !pools.data
                ? {
                    message: 'Failed to fetch sender pools',
                    onRetry: () => void pools.refetch(),
                    isRetrying: pools.isFetching,
                  }
                : null
            }
            empty="No sender pools yet. Create one to send from several accounts with failover or spread."
            itemKey={(pool) => pool._id}
            rowTestId="pool-row"
            renderRow={(pool) => (
              <>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="truncate font-semibold text-slate-900">{pool.name}</span>
                    <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                      {STRATEGY_TEXT[pool.strategy].label}
                    </span>
                    <span className="text-xs text-slate-500">
                      {pool.accountIds.length} account{pool.accountIds.length === 1 ? '' : 's'}
                    </span>
                  </p>
                  <PoolAccounts pool={pool} accounts={accountsById} />
                  <div className="mt-1">
                    <CopyId id={pool._id} />
                  </div>
                </div>
                <div className="flex flex-wrap gap-2">
                  <RowButton aria-label={`Edit ${pool.name}`} onClick={() => setDialog({ mode: 'edit', pool })}>
                    Edit
                  </RowButton>
                  <ConfirmButton
                    tone="danger"
                    aria-label={`Delete ${pool.name}`}
                    question={`Delete the sender pool "${pool.name}"? Its accounts stay; emails sent with it keep the account that sent them.`}
                    onConfirm={() => remove.mutate(pool._id)}
                  >
                    Delete
                  </ConfirmButton>
                </div>
              </>
            )}
          />
        </>
      )}
      {dialog.mode !== 'closed' && (
        <PoolDialog
          pool={dialog.mode === 'edit' ? dialog.pool : undefined}
          accounts={accountList}
          isSaving={save.isPending}
          onClose={() => setDialog({ mode: 'closed' })}
          onSave={(input) => save.mutate(dialog.mode === 'edit' ? { ...input, poolId: dialog.pool._id } : input)}
        />
      )}
    </>
  );
}
