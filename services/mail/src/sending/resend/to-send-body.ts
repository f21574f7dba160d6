// A Resend send payload as Mailwright's SendEmailBody: the same accept path then takes it (send-email.ts,
// batch-send.ts). Field names are Resend's in every refusal; `from` has already chosen the sender account.
import {
  type Attachment,
  MAIL_MESSAGES,
  RESEND_MESSAGES,
  type ResendSendEmailBody,
  type SendEmailBody,
} from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { addressesOf } from './resend-address';

/** Resend's natural-language schedule, e.g. "in 1 min", "in 2 hours". */
const RELATIVE_TIME = /^in\s+(\d{1,6})\s+(second|sec|minute|min|hour|hr|day)s?$/i;
const UNIT_MS: Record<string, number> = {
  second: 1_000,
  sec: 1_000,
  minute: 60_000,
  min: 60_000,
  hour: 3_600_000,
  hr: 3_600_000,
  day: 86_400_000,
};

/** An ISO instant for `scheduled_at` (a relative "in 10 min" counted from `now`); ISO text passes through. */
export function scheduleOf(value: string | undefined, now = Date.now()): string | undefined {
  if (value === undefined) return undefined;
  const relative = RELATIVE_TIME.exec(value.trim());
  if (!relative) return value;
  const unit = UNIT_MS[(relative[2] as string).toLowerCase()] as number;
  return new Date(now + Number(relative[1]) * unit).toISOString();
}

const missing = (field: string) =>
  new AppError('VALIDATION_ERROR', RESEND_MESSAGES.missingField(field), {
    status: 422,
    details: { name: 'missing_required_field', field },
  });

const refused = (message: string, field: string) =>
  new AppError('VALIDATION_ERROR', message, { status: 422, details: { field } });

/** Resend names a downloaded file after its URL's last path segment when no filename is given ('' when it has none). */
function fileNameOfUrl(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    return '';
  }
}

function attachmentsOf(attachments: ResendSendEmailBody['attachments']): Attachment[] | undefined {
  return attachments?.map((item, index) => {
    if (item.content_id !== undefined) throw refused(RESEND_MESSAGES.contentIdUnsupported, `attachments[${index}].content_id`);
    const filename = item.filename || (item.path ? fileNameOfUrl(item.path) : '');
    if (!filename) throw refused(RESEND_MESSAGES.attachmentFilename, `attachments[${index}].filename`);
    return {
      filename,
      ...(item.content !== undefined ? { content: item.content } : {}),
      ...(item.path !== undefined ? { url: item.path } : {}),
      ...(item.content_type !== undefined ? { contentType: item.content_type } : {}),
    };
  });
}

/** The Resend payload as a Mailwright send from `emailAccountId` (the account `from` named). */
export function toSendEmailBody(payload: ResendSendEmailBody, emailAccountId: string, now = Date.now()): SendEmailBody {
  if (payload.topic_id !== undefined) throw refused(RESEND_MESSAGES.topicUnsupported, 'topic_id');
  const template = payload.template;
  if (template && (payload.html !== undefined || payload.text !== undefined)) {
    throw refused(RESEND_MESSAGES.templateWithContent, 'template');
  }
  if (!template) {
    if (payload.subject === undefined) throw missing('subject');
    if (payload.html === undefined && payload.text === undefined) {
      throw new AppError('VALIDATION_ERROR', RESEND_MESSAGES.contentRequired, {
        status: 422,
        details: { name: 'missing_required_field', field: 'html' },
      });
    }
  }
  const body: SendEmailBody = {
    to: addressesOf('to', payload.to) as string[],
    emailAccountId,
  };
  const cc = addressesOf('cc', payload.cc);
  const bcc = addressesOf('bcc', payload.bcc);
  const replyTo = addressesOf('reply_to', payload.reply_to);
  if (cc) body.cc = cc;
  if (bcc) body.bcc = bcc;
  if (replyTo) body.replyTo = replyTo;
  if (template) {
    body.templateId = template.id;
    if (template.variables) body.variables = template.variables;
  } else {
    body.subject = payload.subject;
    if (payload.html !== undefined) body.body = payload.html;
    if (payload.text !== undefined) body.text = payload.text;
  }
  if (payload.headers) body.headers = payload.headers;
  if (payload.tags) body.tags = payload.tags;
  const attachments = attachmentsOf(payload.attachments);
  if (attachments) body.attachments = attachments;
  const scheduledAt = scheduleOf(payload.scheduled_at, now);
  if (scheduledAt !== undefined) body.scheduledAt = scheduledAt;
  return body;
}

/** Mailwright's field names in a refusal, as the Resend caller wrote them. */
const RESEND_FIELD_NAMES: ReadonlyArray<[RegExp, string]> = [
  [/\breplyTo\b/g, 'reply_to'],
  [/\bscheduledAt\b/g, 'scheduled_at'],
  [/\bcontentType\b/g, 'content_type'],
  [/\btemplateId\b/g, 'template.id'],
];

export function inResendTerms(message: string): string {
  if (message === MAIL_MESSAGES.bodyRequired) return RESEND_MESSAGES.contentRequired;
  return RESEND_FIELD_NAMES.reduce((text, [pattern, name]) => text.replace(pattern, name), message);
}
