// Attachment bytes, kept in Postgres beside the email so the outbox row stays the whole truth of what to send.
import { customType, index, integer, text, uuid } from 'drizzle-orm/pg-core';
import { mail } from '../pg-schema';

// email_id names a row of mail.emails: no foreign key (emails is partitioned); triggers do its work (0008).

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const emailAttachments = mail.table(
  'email_attachments',
  {
    emailId: uuid('email_id').notNull(),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
  },
  (table) => [index('email_attachments_email_idx').on(table.emailId, table.position)],
);
