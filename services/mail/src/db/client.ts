// The drizzle handle for the mail schema.
import type { Database } from '@mailwright/kit';
import type * as tables from './tables';

export type MailDatabase = Database<typeof tables>;
