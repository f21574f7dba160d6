// Rescheduling a scheduled email (the Resend-compatible PATCH /emails/{id}): a new time in the same window a send
// may be scheduled in, and a new send job at that time. Only a scheduled email moves; anything else is a conflict.
import { type EmailLog, MAIL_MESSAGES, RESEND_MESSAGES } from '@mailwright/contracts';
import { AppError, isUuid } from '@mailwright/kit';
import { findEmail } from '../db/queries/list-emails';
import { rescheduleEmailRow } from '../db/queries/reschedule-email';
import { serializeEmail } from '../outbox/serialize-email';
import { batchJobId } from '../queues/send-queue';
import { checkScheduleWindow, parseScheduledAt } from '../sending/schedule-time';
import type { EmailLogDeps } from './deps';

export async function rescheduleEmail(
  deps: EmailLogDeps,
  userId: string,
  id: string,
  scheduledAtText: string,
  requestId: string | null = null,
): Promise<EmailLog> {
  const existing = isUuid(id) ? await findEmail(deps.db, userId, id) : null;
  if (!existing) throw new AppError('NOT_FOUND', MAIL_MESSAGES.emailNotFound);
  // Without an offset the time is read in the email's own time zone, as when it was scheduled.
  const scheduledAt = parseScheduledAt(scheduledAtText, existing.timezone);
  checkScheduleWindow(scheduledAt);
  const moved = await rescheduleEmailRow(deps.db.$client, userId, id, scheduledAt, batchJobId());
  if (!moved) throw new AppError('CONFLICT', RESEND_MESSAGES.onlyScheduledUpdatable);
  await deps.producer.reschedule({ ...moved, jobId: moved.jobId as string }, existing.jobId, requestId);
  void deps.webhooks.emit([{ emailId: id, type: 'email.scheduled' }]);
  return serializeEmail(moved);
}
