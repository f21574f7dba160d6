// Every accounts table, for createDatabase(url, tables).
import { connectTickets } from './schema/connect-tickets';
import { emailAccounts } from './schema/email-accounts';

export type { EmailAccountRow } from './schema/email-accounts';
export { connectTickets, emailAccounts };

export const tables = { emailAccounts, connectTickets };
