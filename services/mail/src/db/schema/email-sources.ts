// The message as an application submitted it over SMTP, kept beside its email until the row is deleted: delivery
// sends these bytes (with the platform's headers and tracking added), so attachments and inline images go out
// exactly as written.
import { customType, uuid } from 'drizzle-orm/pg-core';
import { mail } from '../pg-schema';

// email_id names a row of mail.emails: no foreign key (emails is partitioned); triggers do its work (0008).

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const emailSources = mail.table('email_sources', {
  emailId: uuid('email_id').primaryKey(),
  content: bytea('content').notNull(),
});
