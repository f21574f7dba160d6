// The identity database handle: the one home of its type, of an open transaction's, and of "either".
import { createDatabase, type Database } from '@mailwright/kit';
import { tables } from './tables';

export type IdentityDatabase = Database<typeof tables>;
export type IdentityTransaction = Parameters<Parameters<IdentityDatabase['transaction']>[0]>[0];
/** Query functions that can run inside or outside a transaction take this. */
export type IdentityExecutor = IdentityDatabase | IdentityTransaction;

export const createIdentityDatabase = (url: string): IdentityDatabase => createDatabase(url, tables);
