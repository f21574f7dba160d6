// Attachment bytes: stored with the email (same transaction), read back by the worker in batches.
import type pg from 'pg';

export interface AttachmentInput {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface StoredAttachment extends AttachmentInput {
  emailId: string;
}

export async function insertAttachments(
  executor: pg.Pool | pg.PoolClient,
  emailId: string,
  list: AttachmentInput[],
): Promise<void> {
  if (list.length === 0) return;
  await executor.query(
    `INSERT INTO mail.email_attachments (email_id, position, filename, content_type, size, content)
     SELECT $1::uuid, a.position, a.filename, a.content_type, length(a.content), a.content
     FROM unnest($2::int[], $3::text[], $4::text[], $5::bytea[]) AS a(position, filename, content_type, content)`,
    [emailId, list.map((_, i) => i), list.map((a) => a.filename), list.map((a) => a.contentType), list.map((a) => a.content)],
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
