// Accepting a message submitted over SMTP through the same path as POST /emails/api/send: the plan rule, the sender
// (the From header must name one of the key owner's accounts or pools), suppression, the monthly quota and
// idempotency, then the outbox stores the email with the message as written and adds its send job. The message is
// not rebuilt: delivery sends these bytes with only the platform's headers and tracking added.
import { createHash } from 'node:crypto';
import {
  type AcceptedSmtpMessage,
  type AcceptSmtpMessageBody,
  isPlainAddress,
  MAIL_MESSAGES,
  quotaExceededMessage,
  SMTP_INTAKE_LIMITS,
  SMTP_INTAKE_MESSAGES,
} from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { newEmailId } from '../../db/email-ids';
import type { NewEmail } from '../../db/queries/insert-email';
import type { EmailRow } from '../../db/schema/emails';
import type { Idempotency } from '../../outbox/accept-types';
import { sendJobId } from '../../queues/send-queue';
import { extractLinks } from '../../tracking/add-tracking';
import { acceptEvents } from '../accept-events';
import { requireApiAccess } from '../api-access';
import type { SendingDeps } from '../deps';
import { quotaMonth } from '../quota-month';
import { checkStorableEmail } from '../storable-text';
import { storeWithinQuota } from '../store-within-quota';
import { resolveSmtpSender } from './smtp-sender';
import { readSubmittedMessage, type SubmittedMessage } from './submitted-message';

export interface AcceptedSubmission {
  statusCode: 200 | 201;
  data: AcceptedSmtpMessage;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const lower = (address: string) => address.toLowerCase();

/** RCPT TO split by the message's header: To, Cc, and Bcc for whoever the header does not name. */
function recipientRoles(recipients: readonly string[], message: SubmittedMessage) {
  const inTo = new Set(message.to.map(lower));
  const inCc = new Set(message.cc.map(lower));
  const distinct = [...new Map(recipients.map((address) => [lower(address), address])).values()];
  return {
    to: distinct.filter((address) => inTo.has(lower(address))),
    cc: distinct.filter((address) => !inTo.has(lower(address)) && inCc.has(lower(address))),
    bcc: distinct.filter((address) => !inTo.has(lower(address)) && !inCc.has(lower(address))),
  };
}

/**
 * A retried submission carries the same X-Mailwright-Idempotency-Key or Message-ID. What makes it "the same
 * message" is its sender, recipients and subject: a client that retries may write a new Date header.
 */
function idempotencyOf(message: SubmittedMessage, recipients: readonly string[]): Idempotency | null {
  const given = message.idempotencyKey ?? message.messageId;
  if (!given) return null;
  const bodyHash = sha256(JSON.stringify([lower(message.from.address), [...recipients].map(lower).sort(), message.subject]));
  return {
    key: `smtp:${sha256(given)}`,
    bodyHash,
    answerBeforeStore: (row) => ({ statusCode: 201, response: { id: row.id, status: row.status } }),
  };
}

export async function acceptSmtpMessage(deps: SendingDeps, input: AcceptSmtpMessageBody): Promise<AcceptedSubmission> {
  const { userId } = input;
  const plan = await requireApiAccess(deps, userId, input.sessionId);
  const raw = Buffer.from(input.raw, 'base64');
  if (raw.length > SMTP_INTAKE_LIMITS.messageMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', SMTP_INTAKE_MESSAGES.tooLarge);
  if (!input.recipients.every(isPlainAddress)) {
    throw new AppError('VALIDATION_ERROR', 'Every recipient must be a plain address (local@domain)');
  }
  const message = readSubmittedMessage(raw);
  const idempotency = idempotencyOf(message, input.recipients);
  const roles = recipientRoles(input.recipients, message);
  const sender = await resolveSmtpSender(deps, userId, message.from.address, input.sessionId);
  const id = newEmailId();
  const isHtml = message.html !== null;
  const body = message.html ?? message.text ?? '';
  const email: NewEmail = {
    id,
    userId,
    emailAccountId: sender.account.id,
    templateId: null,
    apiKeyId: input.apiKeyId,
    fromEmail: sender.account.email,
    fromName: message.from.name || sender.account.displayName || null,
    to: roles.to,
    cc: roles.cc,
    bcc: roles.bcc,
    subject: message.subject,
    body,
    isHtml,
    links: isHtml && message.tracking ? extractLinks(body) : [],
    status: 'queued',
    messageId: `<${id}@mailwright>`,
    timezone: null,
    scheduledAt: null,
    quotaMonth: quotaMonth(),
    jobId: sendJobId(id),
    senderPoolId: sender.senderPoolId,
    suppressed: [],
    unsubscribe: false,
    text: isHtml ? message.text : null,
    replyTo: message.replyTo,
    headers: {},
    tags: [],
    submitted: true,
    tracking: message.tracking,
  };
  checkStorableEmail(email, []);

  const item = { email, attachments: [], source: raw };
  const store = (monthlyLimit: number) => deps.outbox.accept([item], { monthlyLimit, requestId: input.sessionId, idempotency });
  const { stored, entitlements } = await storeWithinQuota(deps, userId, plan, store, input.sessionId);
  if (stored.kind === 'quota_exceeded') {
    throw new AppError('QUOTA_EXCEEDED', quotaExceededMessage(entitlements.plan, entitlements.emailLimit));
  }
  if (stored.kind === 'replay') {
    if (stored.seen.bodyHash !== idempotency?.bodyHash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', MAIL_MESSAGES.idempotencyConflict);
    }
    const first = stored.seen.response as Pick<AcceptedSmtpMessage, 'id' | 'status'>;
    return { statusCode: 200, data: { id: first.id, status: first.status, replayed: true } };
  }
  const row = stored.rows[0] as EmailRow;
  const events = acceptEvents([row]);
  if (events.length > 0) void deps.webhooks.emit(events);
  return { statusCode: 201, data: { id: row.id, status: row.status, replayed: false } };
}
