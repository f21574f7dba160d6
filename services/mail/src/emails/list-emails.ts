// GET /emails: the user's log, newest first, paginated.
import type { EmailListResponse, ListEmailsQuery } from '@mailwright/contracts';
import { listEmails as listEmailRows } from '../db/queries/list-emails';
import type { MailContext } from '../mail-context';
import { serializeEmail } from '../outbox/serialize-email';
import { rangeFrom, rangeTo } from './date-range';

export async function listEmails(ctx: MailContext, userId: string, query: ListEmailsQuery): Promise<EmailListResponse> {
  const page = query.page ?? 1;
  const limit = query.limit ?? 20;
  const { rows, total } = await listEmailRows(
    ctx.db,
    {
      userId,
      status: query.status || null,
      search: query.search?.trim() || null,
      from: rangeFrom(query.from),
      toExclusive: rangeTo(query.to),
    },
    { offset: (page - 1) * limit, limit },
  );
  return { data: rows.map(serializeEmail), pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
}
