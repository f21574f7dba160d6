// POST /internal/users/:userId/notify: mails a user a notice another service wrote, through the system mailer
// (logged when SYSTEM_SMTP_URL is unset). A failed send answers 503 so the caller can log it.
import { AppError, isUuid, notFound } from '@mailwright/kit';
import { findUserById } from '../db/queries/users';
import type { IdentityDeps } from '../deps';
import { noticeMail } from './mails/notice-message';

export interface UserNotice {
  subject: string;
  text: string;
}

export async function notifyUser(
  deps: Pick<IdentityDeps, 'db' | 'mailer' | 'log'>,
  userId: string,
  notice: UserNotice,
): Promise<void> {
  const user = isUuid(userId) ? await findUserById(deps.db, userId) : undefined;
  if (!user) throw notFound('User');
  try {
    await deps.mailer.send(noticeMail(user.email, user.name, notice.subject.trim(), notice.text));
  } catch (error) {
    deps.log.error({ err: error, userId }, `Could not send "${notice.subject}" notice`);
    throw new AppError('SERVICE_UNAVAILABLE', 'The notice could not be sent: the mail server did not accept it');
  }
}
