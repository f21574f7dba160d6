// The templates database handle: created once by the app, taken by every query (the one home of its type).
import { createDatabase, type Database } from '@mailwright/kit';
import * as tables from './tables';

export type TemplatesDatabase = Database<typeof tables>;

export function createTemplatesDatabase(url: string): TemplatesDatabase {
  return createDatabase(url, tables);
}
