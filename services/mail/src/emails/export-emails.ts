// GET /emails/export.csv: every email of the user's filtered log as CSV, newest first, written page by page so a
// log of any length streams in constant memory (the same filters as GET /emails).
import { EMAIL_EXPORT_COLUMNS, type ExportEmailsQuery } from '@mailwright/contracts';
import { emailsForExport } from '../db/queries/email-export';
import type { EmailRow } from '../db/schema/emails';
import { csvRecord } from './csv-cell';
import { rangeFrom, rangeTo } from './date-range';
import type { EmailLogDeps } from './deps';

const PAGE = 2_000;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function fieldsOf(row: EmailRow): (string | null)[] {
  return [
    row.id,
    iso(row.createdAt),
    row.status,
    row.fromName ? `${row.fromName} <${row.fromEmail}>` : row.fromEmail,
    row.to.join('; '),
    row.cc.join('; '),
    row.bcc.join('; '),
    row.subject,
    iso(row.scheduledAt),
    iso(row.sentAt),
    iso(row.openedAt),
    iso(row.clickedAt),
    iso(row.repliedAt),
    row.error,
  ];
}

/** Checks the filters before the first byte is written, so a bad date is the caller's 400, not a cut-off file. */
export function exportEmails(
  deps: Pick<EmailLogDeps, 'db'>,
  userId: string,
  query: ExportEmailsQuery,
  pageSize = PAGE,
): AsyncGenerator<string> {
  const filter = {
    userId,
    status: query.status || null,
    search: query.search?.trim() || null,
    from: rangeFrom(query.from),
    toExclusive: rangeTo(query.to),
  };
  return (async function* rows() {
    yield csvRecord(EMAIL_EXPORT_COLUMNS);
    let afterId: string | null = null;
    for (;;) {
      const page = await emailsForExport(deps.db, filter, afterId, pageSize);
      if (page.length > 0) yield page.map((row) => csvRecord(fieldsOf(row))).join('');
      if (page.length < pageSize) return;
      afterId = (page[page.length - 1] as EmailRow).id;
    }
  })();
}
