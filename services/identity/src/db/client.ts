// The identity database handle: the one home of its type, and of an open transaction's.
import { createDatabase, type Database } from '@mailwright/kit';
import { tables } from './tables';

export type IdentityDatabase = Database<typeof tables>;
export type IdentityTransaction = Parameters<Parameters<IdentityDatabase['transaction']>[0]>[0];

export const createIdentityDatabase = (url: string): IdentityDatabase => createDatabase(url, tables);
