// The database handle or an open transaction: query functions accept either.
import type { AccountsDb } from '../tables';

export type Transaction = Parameters<Parameters<AccountsDb['transaction']>[0]>[0];
export type Executor = AccountsDb | Transaction;
