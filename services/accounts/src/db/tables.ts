// Every accounts table, for createDatabase(url, tables).
import { connectTickets } from './schema/connect-tickets';
import { emailAccounts } from './schema/email-accounts';
import { senderPools } from './schema/sender-pools';

export type { EmailAccountRow } from './schema/email-accounts';
export type { SenderPoolRow } from './schema/sender-pools';
export { connectTickets, emailAccounts, senderPools };

export const tables = { emailAccounts, connectTickets, senderPools };
