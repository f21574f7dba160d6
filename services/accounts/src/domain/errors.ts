// The refusals account lookups share: someone else's id and a missing one answer alike.
import { AppError } from '@mailwright/kit';
import type { EmailAccountRow } from '../db/tables';

export const accountNotFound = () => new AppError('NOT_FOUND', 'Email account not found');

/** A Gmail/Outlook account whose grant was revoked: only reconnecting brings it back. */
export const needsReconnect = (row: Pick<EmailAccountRow, 'provider' | 'email'>) =>
  new AppError(
    'ACCOUNT_NEEDS_RECONNECT',
    `The ${row.provider === 'gmail' ? 'Gmail' : 'Outlook'} account ${row.email} needs to be reconnected: its authorisation was revoked or has expired`,
  );
