// The batch route's emails, stored together: their quota units are taken in one statement for all of them or
// none, and the emails due at one time share a send job (batch-jobs.ts).
import { withTransaction } from '@mailwright/kit';
import { type AttachmentInput, insertAttachments } from '../db/queries/attachments';
import { insertEmail, takeQuota } from '../db/queries/insert-batch';
import type { NewEmail } from '../db/queries/insert-email';
import type { EmailRow } from '../db/schema/emails';
import { assignBatchJobs } from './batch-jobs';
import type { OutboxDeps } from './deps';

export interface BatchItem {
  /** The item's position in the request. */
  index: number;
  email: NewEmail;
  attachments: AttachmentInput[];
}

/** Rows by batch index, or null when the quota cannot take them all. */
export async function storeBatch(
  deps: Pick<OutboxDeps, 'pool'>,
  items: BatchItem[],
  monthlyLimit: number,
): Promise<Map<number, EmailRow> | null> {
  return withTransaction(deps.pool, async (client, transaction) => {
    const first = items[0]?.email as NewEmail;
    if (!(await takeQuota(client, first.userId, first.quotaMonth, items.length, monthlyLimit))) return transaction.rollback(null);
    const rows = new Map<number, EmailRow>();
    const emails = assignBatchJobs(items.map((item) => item.email));
    for (const [position, { index, attachments }] of items.entries()) {
      const row = await insertEmail(client, emails[position] as NewEmail);
      await insertAttachments(client, row.id, attachments);
      rows.set(index, row);
    }
    return rows;
  });
}
