// A suppression row as the API shows it.
import type { Suppression } from '@mailwright/contracts';
import type { SuppressionRow } from '../db/schema/suppressions';

export function serializeSuppression(row: SuppressionRow): Suppression {
  return {
    email: row.email,
    reason: row.reason,
    createdAt: new Date(row.createdAt).toISOString(),
    ...(row.emailId ? { emailId: row.emailId } : {}),
  };
}
