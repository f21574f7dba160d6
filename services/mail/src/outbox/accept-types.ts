// What the outbox is given to store (emails built by sending/) and what it answers.
import type { AttachmentInput } from '../db/queries/attachments';
import type { StoredIdempotency } from '../db/queries/idempotency';
import type { NewEmail } from '../db/queries/insert-email';
import type { EmailRow } from '../db/schema/emails';

export interface AcceptItem {
  email: NewEmail;
  attachments: AttachmentInput[];
  /** The message as submitted over SMTP (the email is `submitted`): sent as written. */
  source?: Buffer;
}

export interface IdempotentAnswer {
  statusCode: number;
  response: unknown;
}

export interface Idempotency {
  key: string;
  /** The hash of the request that first used the key (request-hash.ts). */
  bodyHash: string;
  /** Several emails (the batch routes): the answer a retry with the key replays, from the stored rows. */
  answer?: (rows: EmailRow[]) => IdempotentAnswer;
  /**
   * One email: the answer a retry replays, from the row as it will be stored (default: 201 and the email as the API
   * shows it; SMTP: its id and status).
   */
  answerBeforeStore?: (row: EmailRow) => IdempotentAnswer;
}

export interface AcceptOptions {
  monthlyLimit: number;
  /** The gateway's x-request-id, carried into the send job. */
  requestId?: string;
  idempotency?: Idempotency | null;
  /** The items' quota is taken for all of them or none (the batch route; an Idempotency-Key covers them all). */
  allOrNothing?: boolean;
}

export type AcceptResult =
  /** The rows in the order of the items. */
  { kind: 'stored'; rows: EmailRow[] } | { kind: 'quota_exceeded' } | { kind: 'replay'; seen: StoredIdempotency };
