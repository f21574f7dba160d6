// DELETE /suppressions/:email: the address may be mailed again. Another user's entry is simply not found.
import { SUPPRESSION_MESSAGES } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { deleteSuppression } from '../db/queries/suppressions';
import type { SuppressionDeps } from './deps';
import { suppressionAddress } from './suppression-address';

export async function removeSuppression(deps: SuppressionDeps, userId: string, address: string): Promise<void> {
  if (!(await deleteSuppression(deps.db, userId, suppressionAddress(address)))) {
    throw new AppError('NOT_FOUND', SUPPRESSION_MESSAGES.notFound);
  }
}
