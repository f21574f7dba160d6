// The drizzle handle billing's queries take: the pool-backed database or a transaction on it.
import type { Database } from '@mailwright/kit';
import type * as tables from './tables';

export type BillingDatabase = Database<typeof tables>;
export type BillingTransaction = Parameters<Parameters<BillingDatabase['transaction']>[0]>[0];
export type Executor = BillingDatabase | BillingTransaction;
