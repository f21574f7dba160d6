// Attachment bytes: stored with the email (same statement or transaction), read back by the worker in batches.
import type pg from 'pg';

export interface AttachmentInput {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface StoredAttachment extends AttachmentInput {
  emailId: string;
}

/** The attachments as the four arrays `attachmentRows` unnests, in this order. */
export const attachmentColumns = (list: AttachmentInput[]) => [
  list.map((_, i) => i),
  list.map((a) => a.filename),
  list.map((a) => a.contentType),
  list.map((a) => a.content),
];

/** The attachments as rows (position, filename, content_type, content) from `attachmentColumns` at `$first`…. */
export const attachmentRows = (first: number) =>
  `unnest($${first}::int[], $${first + 1}::text[], $${first + 2}::text[], $${first + 3}::bytea[])
     AS a(position, filename, content_type, content)`;

export const ATTACHMENT_COLUMNS = '(email_id, position, filename, content_type, size, content)';

export async function insertAttachments(
  executor: pg.Pool | pg.PoolClient,
  emailId: string,
  list: AttachmentInput[],
): Promise<void> {
  if (list.length === 0) return;
  await executor.query(
    `INSERT INTO mail.email_attachments ${ATTACHMENT_COLUMNS}
     SELECT $1::uuid, a.position, a.filename, a.content_type, length(a.content), a.content FROM ${attachmentRows(2)}`,
    [emailId, ...attachmentColumns(list)],
  );
}

export async function attachmentsOf(pool: pg.Pool, emailIds: string[]): Promise<StoredAttachment[]> {
  const { rows } = await pool.query<StoredAttachment>({
    name: 'mail_attachments_of',
    text: `SELECT email_id AS "emailId", filename, content_type AS "contentType", content
           FROM mail.email_attachments WHERE email_id = ANY($1::uuid[]) ORDER BY email_id, position`,
    values: [emailIds],
  });
  return rows;
}
