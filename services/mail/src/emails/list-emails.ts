// GET /emails: the user's log, newest first, paginated.
import type { EmailListResponse, ListEmailsQuery } from '@mailwright/contracts';
import { listEmails as listEmailRows } from '../db/queries/list-emails';
import { serializeEmail } from '../outbox/serialize-email';
import { rangeFrom, rangeTo } from './date-range';
import type { EmailLogDeps } from './deps';

export async function listEmails(
  deps: Pick<EmailLogDeps, 'db'>,
  userId: string,
  query: ListEmailsQuery,
): Promise<EmailListResponse> {
  const page = query.page ?? 1;
  const limit = query.limit ?? 20;
  const { rows, total } = await listEmailRows(
    deps.db,
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
