// The batch route's emails, stored together: their quota units (suppressed emails take none) are taken in one
// statement for all of them or none, and the emails due at one time share a send job (batch-jobs.ts).
import { withTransaction } from '@mailwright/kit';
import { insertAttachments } from '../db/queries/attachments';
import { insertEmail, takeQuota } from '../db/queries/insert-batch';
import type { NewEmail } from '../db/queries/insert-email';
import type { EmailRow } from '../db/schema/emails';
import type { AcceptItem } from './accept-types';
import { assignBatchJobs } from './batch-jobs';
import type { OutboxDeps } from './deps';

/** The rows in the order of the items, or null when the quota cannot take them all. */
export async function storeBatch(
  deps: Pick<OutboxDeps, 'pool'>,
  items: AcceptItem[],
  monthlyLimit: number,
): Promise<EmailRow[] | null> {
  return withTransaction(deps.pool, async (client, transaction) => {
    const first = items[0]?.email as NewEmail;
    const units = items.filter((item) => item.email.status !== 'suppressed').length;
    if (units > 0 && !(await takeQuota(client, first.userId, first.quotaMonth, units, monthlyLimit))) {
      return transaction.rollback(null);
    }
    const rows: EmailRow[] = [];
    const emails = assignBatchJobs(items.map((item) => item.email));
    for (const [position, { attachments }] of items.entries()) {
      const row = await insertEmail(client, emails[position] as NewEmail);
      await insertAttachments(client, row.id, attachments);
      rows.push(row);
    }
    return rows;
  });
}
