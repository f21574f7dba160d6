// The accounts database handle: the one home of its type, of an open transaction's, and of "either".
import { createDatabase, type Database } from '@mailwright/kit';
import { tables } from './tables';

export type AccountsDatabase = Database<typeof tables>;
export type AccountsTransaction = Parameters<Parameters<AccountsDatabase['transaction']>[0]>[0];
/** Query functions that can run inside or outside a transaction take this. */
export type Executor = AccountsDatabase | AccountsTransaction;

export const createAccountsDatabase = (url: string): AccountsDatabase => createDatabase(url, tables);
