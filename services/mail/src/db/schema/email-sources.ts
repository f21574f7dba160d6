// The message as an application submitted it over SMTP, kept beside its email until the row is deleted: delivery
// sends these bytes (with the platform's headers and tracking added), so attachments and inline images go out
// exactly as written.
import { customType, uuid } from 'drizzle-orm/pg-core';
import { mail } from '../pg-schema';
import { emails } from './emails';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const emailSources = mail.table('email_sources', {
  emailId: uuid('email_id')
    .primaryKey()
    .references(() => emails.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});
