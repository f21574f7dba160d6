// The billing database handle: created once by the app, taken by every query (the one home of its type),
// either the pool-backed database or a transaction on it.
import { createDatabase, type Database } from '@mailwright/kit';
import * as tables from './tables';

export type BillingDatabase = Database<typeof tables>;
export type BillingTransaction = Parameters<Parameters<BillingDatabase['transaction']>[0]>[0];
export type Executor = BillingDatabase | BillingTransaction;

export function createBillingDatabase(url: string): BillingDatabase {
  return createDatabase(url, tables);
}
