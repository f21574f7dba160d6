// POST /suppressions: the user lists an address by hand. Listing one already there answers it as it is.
import { SUPPRESSION_MESSAGES, type Suppression } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { findSuppression, insertSuppression } from '../db/queries/suppressions';
import type { SuppressionDeps } from './deps';
import { serializeSuppression } from './serialize-suppression';
import { suppressionAddress } from './suppression-address';

export async function addSuppression(
  deps: SuppressionDeps,
  userId: string,
  address: string,
): Promise<{ created: boolean; suppression: Suppression }> {
  const email = suppressionAddress(address);
  const created = await insertSuppression(deps.db.$client, { userId, email, reason: 'manual', emailId: null });
  const row = await findSuppression(deps.db, userId, email);
  if (!row) throw new AppError('NOT_FOUND', SUPPRESSION_MESSAGES.notFound);
  return { created, suppression: serializeSuppression(row) };
}
