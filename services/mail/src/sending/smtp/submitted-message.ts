// What the log and the accept checks need from a message submitted over SMTP: the addresses and subject of its
// header (decoded by mailparser's header reading, which reads encoded words and odd charsets well: decoded-headers.ts),
// and the HTML and plain text it shows (the MIME walker's reading, the same one delivery tracks).
import { IDEMPOTENCY_HEADER, SMTP_INTAKE_LIMITS, SMTP_INTAKE_MESSAGES, TRACK_HEADER } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { AddressObject } from 'mailparser';
import { decodeHeaderBlock } from './decoded-headers';
import { headerValue, readableParts, splitEntity } from './mime-entities';

export interface SubmittedMessage {
  /** The raw message as a latin1 string (one character per byte). */
  source: string;
  from: { address: string; name: string };
  to: string[];
  cc: string[];
  replyTo: string[];
  subject: string;
  html: string | null;
  text: string | null;
  /** The client's Message-ID, as written, or null. */
  messageId: string | null;
  /** X-Mailwright-Idempotency-Key, or null. */
  idempotencyKey: string | null;
  /** False when the client sent `X-Mailwright-Track: off`. */
  tracking: boolean;
}

const malformed = (reason: string) => new AppError('VALIDATION_ERROR', SMTP_INTAKE_MESSAGES.malformed(reason));

const addressesIn = (field: AddressObject | AddressObject[] | undefined): Array<{ address: string; name: string }> =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((object) => object.value)
    .flatMap(function flatten(entry): Array<{ address: string; name: string }> {
      if (entry.group) return entry.group.flatMap(flatten);
      return entry.address ? [{ address: entry.address, name: entry.name ?? '' }] : [];
    });

export function readSubmittedMessage(raw: Buffer): SubmittedMessage {
  const source = raw.toString('latin1');
  const { head, gap } = splitEntity(source);
  if (head.trim() === '' || gap === '') throw malformed('it has no header block followed by a blank line');
  if (head.length > SMTP_INTAKE_LIMITS.headerMaxBytes) {
    throw malformed(`its header block is larger than ${SMTP_INTAKE_LIMITS.headerMaxBytes / 1024} KB`);
  }
  if (!/^[!-9;-~]+:/.test(head)) throw malformed('it does not start with a header field');
  const parsed = decodeHeaderBlock(head);
  const from = addressesIn(parsed.from);
  if (from.length === 0) throw new AppError('VALIDATION_ERROR', SMTP_INTAKE_MESSAGES.fromMissing);
  if (from.length > 1) throw new AppError('VALIDATION_ERROR', SMTP_INTAKE_MESSAGES.fromSeveral);
  const idempotencyKey = headerValue(head, IDEMPOTENCY_HEADER);
  const { html, text } = readableParts(source);
  return {
    source,
    from: from[0] as { address: string; name: string },
    to: addressesIn(parsed.to).map((entry) => entry.address),
    cc: addressesIn(parsed.cc).map((entry) => entry.address),
    replyTo: addressesIn(parsed.replyTo).map((entry) => entry.address),
    subject: parsed.subject ?? '',
    html,
    text,
    messageId: headerValue(head, 'message-id'),
    idempotencyKey: idempotencyKey === '' ? null : idempotencyKey,
    tracking: headerValue(head, TRACK_HEADER)?.toLowerCase() !== 'off',
  };
}
