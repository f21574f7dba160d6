// The checks and the building of one email, shared by POST /emails/send, /emails/api/send and the batch route:
// checkSendBody runs before anything is looked up; buildEmail resolves the sender (an account or a pool) and template,
// downloads attachments and produces the row to store (the outbox leaves out suppressed recipients as it stores).
import {
  isHtml as isHtmlBody,
  isPlatformHeader,
  isValidTimeZone,
  MAIL_MESSAGES,
  SENDER_POOL_MESSAGES,
  type SendEmailBody,
  SUPPRESSION_MESSAGES,
} from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { newEmailId } from '../db/email-ids';
import type { NewEmail } from '../db/queries/insert-email';
import { sendJobId } from '../queues/send-queue';
import type { RequestDownloads } from './attachments/attachment-downloads';
import { checkAttachmentList, type PreparedAttachment, prepareAttachments } from './attachments/prepare-attachments';
import type { EmailContent } from './batch-content';
import type { SendingDeps } from './deps';
import { given } from './given';
import { quotaMonth } from './quota-month';
import { resolveSender } from './resolve-sender';
import { checkScheduleWindow, parseScheduledAt } from './schedule-time';
import { checkStorableEmail } from './storable-text';

const LINE_BREAK = /[\r\n]/;
/**
 * C0 controls but tab, CR and LF (those are the header-injection check's), and DEL. A vertical tab or form feed
 * in a Subject header is read differently by different clients and filters; the sender is told rather than the
 * subject silently changed, so what was stored and shown in the log is what was sent.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const SUBJECT_CONTROL = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f]/;
export const SUBJECT_CONTROL_MESSAGE = 'subject must not contain control characters';

function checkSubjectHeader(subject: string): void {
  if (LINE_BREAK.test(subject)) throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.headerInjection);
  if (SUBJECT_CONTROL.test(subject)) throw new AppError('VALIDATION_ERROR', SUBJECT_CONTROL_MESSAGE);
}

export interface CheckedBody {
  to: string[];
  cc: string[];
  bcc: string[];
  timezone: string | null;
  scheduledAt: Date | null;
  templateId: string | null;
}

/** Custom headers: none the platform sets, no line break in a value, no name twice (names are case-insensitive). */
function checkCustomHeaders(headers: Record<string, string> | undefined): void {
  const seen = new Set<string>();
  for (const [name, value] of Object.entries(headers ?? {})) {
    const details = { details: { field: `headers.${name}` } };
    if (isPlatformHeader(name)) throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.headerNotAllowed(name), details);
    if (LINE_BREAK.test(value)) throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.headerLineBreak(name), details);
    if (seen.has(name.toLowerCase())) throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.headerDuplicate(name), details);
    seen.add(name.toLowerCase());
  }
}

export function checkSendBody(body: SendEmailBody): CheckedBody {
  const to = body.to;
  const cc = body.cc ?? [];
  const bcc = body.bcc ?? [];
  if ([...to, ...cc, ...bcc, ...(body.replyTo ?? [])].some((address) => LINE_BREAK.test(address))) {
    throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.headerInjection);
  }
  checkCustomHeaders(body.headers);
  const timezone = given(body.timezone);
  if (timezone !== null && !isValidTimeZone(timezone)) throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.timezoneInvalid);
  const scheduledText = given(body.scheduledAt);
  const scheduledAt = scheduledText === null ? null : parseScheduledAt(scheduledText, timezone);
  if (scheduledAt) checkScheduleWindow(scheduledAt);
  const templateId = given(body.templateId);
  if (templateId === null) {
    if (!body.subject?.trim()) throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.subjectRequired);
    if (!body.body?.trim() && !given(body.text)?.trim()) throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.bodyRequired);
  }
  if (body.subject) checkSubjectHeader(body.subject);
  if (body.unsubscribe === true) checkUnsubscribeRecipients(to, cc, bcc);
  if (given(body.emailAccountId) !== null && given(body.senderPoolId) !== null) {
    throw new AppError('VALIDATION_ERROR', SENDER_POOL_MESSAGES.bothSenders);
  }
  checkAttachmentList(body.attachments);
  return { to, cc, bcc, timezone, scheduledAt, templateId };
}

/** A List-Unsubscribe URL unsubscribes one address, so a message that carries one has exactly one recipient. */
function checkUnsubscribeRecipients(to: string[], cc: string[], bcc: string[]): void {
  if (to.length !== 1 || cc.length > 0 || bcc.length > 0) {
    throw new AppError('VALIDATION_ERROR', SUPPRESSION_MESSAGES.unsubscribeOneRecipient, { details: { field: 'unsubscribe' } });
  }
}

export interface BuiltEmail {
  email: NewEmail;
  attachments: PreparedAttachment[];
}

/** Whether building the email downloads anything (its quota is then checked first: see remaining-quota.ts). */
export const hasUrlAttachments = (body: SendEmailBody) => (body.attachments ?? []).some((item) => item.url !== undefined);

/** What one email of a request may use of the request's budgets (a batch's emails share them). */
export interface EmailShares {
  /** The request's attachment downloads. */
  downloads: RequestDownloads;
  /** The request's content: a batch's emails together hold at most what one request may carry. */
  content: EmailContent;
}

/** requestId: the request's id, forwarded on the calls to accounts and templates. */
export async function buildEmail(
  deps: Pick<SendingDeps, 'accounts' | 'templates' | 'settings' | 'largeBodyReads'>,
  userId: string,
  apiKeyId: string | null,
  body: SendEmailBody,
  checked: CheckedBody,
  shares: EmailShares,
  requestId?: string,
): Promise<BuiltEmail> {
  const { templateId, scheduledAt } = checked;
  const [{ account, senderPoolId }, rendered, attachments] = await Promise.all([
    resolveSender(deps, userId, body, requestId),
    templateId === null
      ? null
      : shares.content.render(() => deps.templates.render(userId, templateId, body.variables ?? {}, requestId)),
    prepareAttachments(body.attachments, {
      allowPrivate: deps.settings.allowPrivateTargets,
      timeoutMs: deps.settings.attachmentFetchTimeoutMs,
      downloads: shares.downloads,
    }),
  ]);
  const unsubscribe = body.unsubscribe ?? rendered?.unsubscribe ?? false;
  if (unsubscribe) checkUnsubscribeRecipients(checked.to, checked.cc, checked.bcc);
  const subject = rendered ? rendered.subject : (body.subject as string);
  const text = given(body.text);
  // Without a body the text is the email (sent as text whatever it holds); with one it is the body's plain version.
  const textOnly = !rendered && !body.body?.trim() && text !== null;
  const content = rendered ? rendered.body : textOnly ? (text as string) : (body.body as string);
  checkSubjectHeader(subject);
  // Before the body is read: an email past its batch's content is refused without that work.
  await shares.content.take(subject.length + content.length + (textOnly ? 0 : (text?.length ?? 0)));
  // A template's kind is its own text's (templates decides it before the values go in): a plain template whose
  // values hold markup is still sent as text, so a variable cannot turn it into HTML.
  const isHtml = rendered ? rendered.isHtml : !textOnly && isHtmlBody(content);
  const reading = isHtml ? await deps.largeBodyReads.read(userId, content, text) : null;

  const id = newEmailId();
  const email: NewEmail = {
    id,
    userId,
    emailAccountId: account.id,
    templateId,
    apiKeyId,
    fromEmail: account.email,
    fromName: account.displayName || null,
    to: checked.to,
    cc: checked.cc,
    bcc: checked.bcc,
    subject,
    body: content,
    isHtml,
    links: reading?.links ?? [],
    status: scheduledAt ? 'scheduled' : 'queued',
    messageId: `<${id}@mailwright>`,
    timezone: checked.timezone,
    scheduledAt,
    quotaMonth: quotaMonth(),
    jobId: sendJobId(id),
    senderPoolId,
    suppressed: [],
    unsubscribe,
    // A plain-text body has no alternative to carry: the text is sent only beside HTML, made from it when not given.
    text: reading?.text ?? null,
    replyTo: body.replyTo ?? [],
    headers: body.headers ?? {},
    tags: body.tags ?? [],
    submitted: false,
    tracking: true,
  };
  checkStorableEmail(email, attachments);
  return { email, attachments };
}
