// Create / edit a sender pool: name, strategy (failover or spread, each explained in a line) and the
// accounts in order, moved up and down (failover tries them in this order).
import { SENDER_POOL_LIMITS } from '@mailwright/contracts';
import { type FormEvent, useId, useState } from 'react';
import type { EmailAccount, SenderPool, SenderPoolStrategy } from '../../api';
import { TextField } from '../../components/text-field';
import { HealthBadge, healthState } from '../accounts/sender-health';
import { FormDialog } from '../layout/form-dialog';
import { RowButton } from '../layout/row-buttons';
import { moveItem, STRATEGY_TEXT } from './pool-order';

export interface PoolSave {
  name: string;
  strategy: SenderPoolStrategy;
  accountIds: string[];
}

interface Props {
  pool?: SenderPool;
  accounts: readonly EmailAccount[];
  isSaving: boolean;
  onSave: (save: PoolSave) => void;
  onClose: () => void;
}

export const NO_ACCOUNT_CHOSEN = 'Add at least one account to the pool';

const accountLabel = (account: EmailAccount) =>
  account.displayName ? `${account.displayName} <${account.email}>` : account.email;

export function PoolDialog({ pool, accounts, isSaving, onSave, onClose }: Props) {
  const idBase = useId();
  const [name, setName] = useState(pool?.name ?? '');
  const [strategy, setStrategy] = useState<SenderPoolStrategy>(pool?.strategy ?? 'failover');
  // Ids of accounts that no longer exist are dropped: the pool cannot send from them.
  const [chosen, setChosen] = useState<string[]>(() =>
    (pool?.accountIds ?? []).filter((accountId) => accounts.some((account) => account._id === accountId)),
  );
  const [accountsError, setAccountsError] = useState<string | null>(null);
  const byId = new Map(accounts.map((account) => [account._id, account]));
  const available = accounts.filter((account) => !chosen.includes(account._id));
  const isFull = chosen.length >= SENDER_POOL_LIMITS.accountsMax;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.length === 0) {
      setAccountsError(NO_ACCOUNT_CHOSEN);
      return;
    }
    onSave({ name: name.trim(), strategy, accountIds: chosen });
  }

  return (
    <FormDialog
      title={pool ? 'Edit Sender Pool' : 'Create Sender Pool'}
      size="lg"
      onClose={onClose}
      formId="sender-pool-form"
      formClassName="grid grid-cols-1 gap-5"
      onSubmit={submit}
      confirmLabel={pool ? 'Save Pool' : 'Create Pool'}
      busyLabel="Saving..."
      isBusy={isSaving}
    >
      <TextField
        label="Pool Name"
        required
        maxLength={SENDER_POOL_LIMITS.nameMaxChars}
        value={name}
        onChange={(event) => setName(event.target.value)}
        placeholder="Newsletters"
      />
      <fieldset className="grid min-w-0 grid-cols-1 gap-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Strategy</legend>
        {(Object.keys(STRATEGY_TEXT) as SenderPoolStrategy[]).map((value) => (
          <label
            key={value}
            className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm ${
              strategy === value ? 'border-indigo-400 bg-indigo-50/60' : 'border-slate-200'
            }`}
          >
            <input
              type="radio"
              name="strategy"
              value={value}
              className="mt-0.5 h-4 w-4 shrink-0 text-indigo-600"
              checked={strategy === value}
              onChange={() => setStrategy(value)}
              aria-describedby={`${idBase}-${value}`}
            />
            <span>
              <span className="block font-medium text-slate-900">{STRATEGY_TEXT[value].label}</span>
              <span id={`${idBase}-${value}`} className="block text-slate-600">
                {STRATEGY_TEXT[value].explanation}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <section aria-labelledby={`${idBase}-chosen`} className="grid min-w-0 grid-cols-1 gap-2">
        <h3 id={`${idBase}-chosen`} className="text-sm font-medium text-slate-700">
          Accounts in this pool, in order
        </h3>
        {chosen.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">
            No accounts yet. Add them from the list below.
          </p>
        ) : (
          <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="pool-order">
            {chosen.map((accountId, index) => {
              const account = byId.get(accountId);
              const label = account ? account.email : accountId;
              return (
                <li key={accountId} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                  <span className="flex min-w-0 items-center gap-2 text-sm">
                    <span className="w-5 shrink-0 text-right font-semibold text-slate-500">{index + 1}.</span>
                    <span className="truncate text-slate-900">{account ? accountLabel(account) : accountId}</span>
                    {account && <HealthBadge state={healthState(account)} />}
                  </span>
                  <span className="flex shrink-0 gap-2 pl-7 sm:pl-0">
                    <RowButton
                      aria-label={`Move ${label} up`}
                      disabled={index === 0}
                      onClick={() => setChosen((ids) => moveItem(ids, index, -1))}
                    >
                      <span className="whitespace-nowrap">↑ Up</span>
                    </RowButton>
                    <RowButton
                      aria-label={`Move ${label} down`}
                      disabled={index === chosen.length - 1}
                      onClick={() => setChosen((ids) => moveItem(ids, index, 1))}
                    >
                      <span className="whitespace-nowrap">↓ Down</span>
                    </RowButton>
                    <RowButton
                      tone="danger"
                      aria-label={`Remove ${label}`}
                      onClick={() => setChosen((ids) => ids.filter((other) => other !== accountId))}
                    >
                      Remove
                    </RowButton>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        {accountsError && (
          <p className="text-xs font-medium text-red-700" role="alert">
            {accountsError}
          </p>
        )}
      </section>
      {available.length > 0 && (
        <section aria-labelledby={`${idBase}-available`} className="grid min-w-0 grid-cols-1 gap-2">
          <h3 id={`${idBase}-available`} className="text-sm font-medium text-slate-700">
            Your other accounts
          </h3>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {available.map((account) => (
              <li key={account._id} className="flex items-center justify-between gap-3 p-3 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  <span className="truncate text-slate-900">{accountLabel(account)}</span>
                  <HealthBadge state={healthState(account)} />
                </span>
                <RowButton
                  aria-label={`Add ${account.email}`}
                  disabled={isFull}
                  onClick={() => {
                    setChosen((ids) => [...ids, account._id]);
                    setAccountsError(null);
                  }}
                >
                  Add
                </RowButton>
              </li>
            ))}
          </ul>
        </section>
      )}
    </FormDialog>
  );
}
