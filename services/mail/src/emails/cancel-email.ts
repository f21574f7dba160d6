// DELETE /emails/:id/cancel: a scheduled email becomes cancelled, its quota unit is returned and its job dropped.
// The worker's claim only takes queued/scheduled rows, so a cancelled email is never sent even if its job runs.
import { type EmailLog, MAIL_MESSAGES } from '@mailwright/contracts';
import { AppError, isUuid } from '@mailwright/kit';
import { cancelScheduledEmail } from '../db/queries/cancel-email';
import { findEmail } from '../db/queries/list-emails';
import { serializeEmail } from '../outbox/serialize-email';
import type { EmailLogDeps } from './deps';

export async function cancelEmail(deps: EmailLogDeps, userId: string, id: string): Promise<EmailLog> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', MAIL_MESSAGES.emailNotFound);
  const cancelled = await cancelScheduledEmail(deps.db.$client, userId, id);
  if (!cancelled) {
    const existing = await findEmail(deps.db, userId, id);
    if (!existing) throw new AppError('NOT_FOUND', MAIL_MESSAGES.emailNotFound);
    throw new AppError('CONFLICT', MAIL_MESSAGES.onlyScheduledCancellable);
  }
  await deps.producer.remove(cancelled);
  void deps.webhooks.emit([{ emailId: id, type: 'email.cancelled' }]);
  return serializeEmail(cancelled);
}
