// The account `id` of this user, or the one 404 every route gives for a malformed, missing or foreign id.
import { isUuid } from '@mailwright/kit';
import type { Executor } from '../db/client';
import { findUserAccount } from '../db/queries/email-accounts';
import type { EmailAccountRow } from '../db/tables';
import { accountNotFound } from './errors';

export async function findOwnedAccount(db: Executor, userId: string, id: string): Promise<EmailAccountRow> {
  if (!isUuid(id)) throw accountNotFound();
  const row = await findUserAccount(db, userId, id);
  if (!row) throw accountNotFound();
  return row;
}
