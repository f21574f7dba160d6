// Every accounts table, for createDatabase(url, tables).
import type { Database } from '@mailwright/kit';
import { connectTickets } from './schema/connect-tickets';
import { emailAccounts } from './schema/email-accounts';

export type { EmailAccountRow } from './schema/email-accounts';
export { connectTickets, emailAccounts };

export const tables = { emailAccounts, connectTickets };
export type AccountsDb = Database<typeof tables>;
