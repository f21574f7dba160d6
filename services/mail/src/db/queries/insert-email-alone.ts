// One email stored by ONE statement with all it carries: its quota unit (none for a suppressed email), its
// attachment bytes, the message as submitted (SMTP), and its Idempotency-Key claim with the answer a retry replays.
// The row's created_at and updated_at are given, so that answer is made before the row exists (new-email.ts
// storedRowOf). A transaction took up to six round trips for this (BEGIN, claim, insert, bytes, answer, COMMIT).
// The claim is a plain insert: a key another request holds fails the statement with a unique violation, which
// undoes its quota unit and its row (a concurrent holder is waited for first, as the primary key makes it), and the
// caller replays the holder's answer.
import type pg from 'pg';
import type { EmailRow } from '../schema/emails';
import { ATTACHMENT_COLUMNS, type AttachmentInput, attachmentColumns, attachmentRows } from './attachments';
import { emailColumnsOf } from './email-columns';
import { takeQuotaUnit } from './insert-email';
import { emailInsertValues, INSERT_PARAMS, NEXT_PARAM, type NewEmail, STORED_ROW_COLUMNS } from './new-email';

// The statement's values after the email's own.
const LIMIT = `$${NEXT_PARAM}`;
const SOURCE = `$${NEXT_PARAM + 1}`;
const KEY = `$${NEXT_PARAM + 2}`;
const BODY_HASH = `$${NEXT_PARAM + 3}`;
const STATUS_CODE = `$${NEXT_PARAM + 4}`;
const RESPONSE = `$${NEXT_PARAM + 5}`;
const CREATED_AT = `$${NEXT_PARAM + 6}`;
/** The first of the attachments' four arrays (attachmentColumns). */
const ATTACHMENTS = NEXT_PARAM + 7;

const INSERT_ALONE = `
WITH ${takeQuotaUnit(LIMIT)}, stored AS (
  INSERT INTO mail.emails AS e ${STORED_ROW_COLUMNS}
  SELECT ${INSERT_PARAMS}, ${CREATED_AT}::timestamptz, ${CREATED_AT}::timestamptz WHERE ${LIMIT}::int IS NULL OR EXISTS (SELECT 1 FROM quota)
  RETURNING e.*
), source AS (
  INSERT INTO mail.email_sources (email_id, content)
  SELECT stored.id, ${SOURCE}::bytea FROM stored WHERE ${SOURCE}::bytea IS NOT NULL
), attached AS (
  INSERT INTO mail.email_attachments ${ATTACHMENT_COLUMNS}
  SELECT stored.id, a.position, a.filename, a.content_type, length(a.content), a.content
  FROM stored, ${attachmentRows(ATTACHMENTS)}
), claim AS (
  INSERT INTO mail.idempotency_keys (user_id, key, body_hash, email_id, status_code, response)
  SELECT stored.user_id, ${KEY}::text, ${BODY_HASH}::text, stored.id, ${STATUS_CODE}::int, ${RESPONSE}::jsonb
  FROM stored WHERE ${KEY}::text IS NOT NULL
)
SELECT ${emailColumnsOf('stored')} FROM stored`;

export interface KeyClaim {
  key: string;
  bodyHash: string;
  statusCode: number;
  response: unknown;
}

export interface EmailAlone {
  email: NewEmail;
  /** The row's created_at (storedRowOf's). */
  createdAt: Date;
  /** null: the email takes no quota unit (a suppressed email, never sent). */
  monthlyLimit: number | null;
  attachments: AttachmentInput[];
  source: Buffer | null;
  claim: KeyClaim | null;
}

/** The stored row, or null when the monthly limit is reached. A key already held throws (idempotency.ts isKeyHeld). */
export async function insertEmailAlone(executor: pg.Pool | pg.PoolClient, alone: EmailAlone): Promise<EmailRow | null> {
  const { claim } = alone;
  const result = await executor.query<EmailRow>({
    name: 'mail_insert_email_alone',
    text: INSERT_ALONE,
    values: [
      ...emailInsertValues(alone.email),
      alone.monthlyLimit,
      alone.source,
      claim?.key ?? null,
      claim?.bodyHash ?? null,
      claim?.statusCode ?? null,
      claim ? JSON.stringify(claim.response) : null,
      alone.createdAt,
      ...attachmentColumns(alone.attachments),
    ],
  });
  return result.rows[0] ?? null;
}
