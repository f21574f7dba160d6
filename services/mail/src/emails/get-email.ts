// GET /emails/:id: one of the user's emails; anything else (another user's, not a uuid) is 404.
import { type EmailLog, MAIL_MESSAGES } from '@mailwright/contracts';
import { AppError, isUuid } from '@mailwright/kit';
import { findEmail } from '../db/queries/list-emails';
import { serializeEmail } from '../outbox/serialize-email';
import type { EmailLogDeps } from './deps';

export async function getEmail(deps: Pick<EmailLogDeps, 'db'>, userId: string, id: string): Promise<EmailLog> {
  const row = isUuid(id) ? await findEmail(deps.db, userId, id) : null;
  if (!row) throw new AppError('NOT_FOUND', MAIL_MESSAGES.emailNotFound);
  return serializeEmail(row);
}
