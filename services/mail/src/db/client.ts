// The drizzle handle for the mail schema (the one home of its type) and the pool behind it.
import { createDatabase, type Database } from '@mailwright/kit';
import * as tables from './tables';

export type MailDatabase = Database<typeof tables>;

export function createMailDatabase(url: string, options: { max: number }): MailDatabase {
  return createDatabase(url, tables, options);
}
