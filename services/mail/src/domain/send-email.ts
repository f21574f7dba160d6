// Accepting an email (POST /emails/send and the public API): validate, resolve the sender account and
// template, then store the email and take its quota unit in one statement, then enqueue its job.
import { randomUUID } from 'node:crypto';
import { type EmailLog, isValidTimeZone, MAIL_MESSAGES, quotaExceededMessage, type SendEmailBody } from '@mailwright/contracts';
import { AppError, type CallerKind } from '@mailwright/kit';
import { findIdempotency } from '../db/queries/idempotency';
import type { NewEmail } from '../db/queries/insert-email';
import type { MailContext } from '../mail-context';
import { extractLinks, looksLikeHtml } from './add-tracking';
import { quotaMonth } from './quota-month';
import { requestHash } from './request-hash';
import { checkScheduleWindow, parseScheduledAt } from './schedule-time';
import { serializeEmail } from './serialize-email';
import { storeEmail } from './store-email';

export interface SendEmailInput {
  userId: string;
  callerKind: CallerKind;
  apiKeyId: string | null;
  route: string;
  body: SendEmailBody;
  idempotencyKey: string | null;
}

export interface SendEmailResult {
  statusCode: number;
  email: EmailLog;
  replayed: boolean;
}

const LINE_BREAK = /[\r\n]/;
const given = (value: string | null | undefined) => (value === undefined || value === null || value === '' ? null : value);

export async function sendEmail(ctx: MailContext, input: SendEmailInput): Promise<SendEmailResult> {
  const { body, userId } = input;
  let entitlements = await ctx.entitlements.get(userId);
  if (input.callerKind === 'api_key' && !entitlements.apiAccess) {
    // Entitlements are cached for a moment; a plan bought seconds ago must count before we refuse.
    entitlements = await ctx.entitlements.get(userId, { fresh: true });
    if (!entitlements.apiAccess) {
      throw new AppError('FORBIDDEN', MAIL_MESSAGES.apiAccessRequired, { code: 'API_ACCESS_REQUIRED' });
    }
  }

  const to = body.to;
  const cc = body.cc ?? [];
  const bcc = body.bcc ?? [];
  if ([...to, ...cc, ...bcc].some((address) => LINE_BREAK.test(address))) {
    throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.headerInjection);
  }
  const timezone = given(body.timezone);
  if (timezone !== null && !isValidTimeZone(timezone)) throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.timezoneInvalid);
  const scheduledText = given(body.scheduledAt);
  const scheduledAt = scheduledText === null ? null : parseScheduledAt(scheduledText, timezone);
  if (scheduledAt) checkScheduleWindow(scheduledAt);
  const templateId = given(body.templateId);
  if (templateId === null) {
    if (!body.subject?.trim()) throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.subjectRequired);
    if (!body.body?.trim()) throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.bodyRequired);
  }
  if (body.subject && LINE_BREAK.test(body.subject)) throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.headerInjection);

  const bodyHash = input.idempotencyKey ? requestHash(input.route, body) : null;
  if (input.idempotencyKey && bodyHash) {
    const replay = await replayIfSeen(ctx, userId, input.idempotencyKey, bodyHash);
    if (replay) return replay;
  }

  const [account, rendered] = await Promise.all([
    ctx.accounts.resolve(userId, given(body.emailAccountId)),
    templateId === null ? null : ctx.templates.render(userId, templateId, body.variables ?? {}),
  ]);
  const subject = rendered ? rendered.subject : (body.subject as string);
  const content = rendered ? rendered.body : (body.body as string);
  if (LINE_BREAK.test(subject)) throw new AppError('VALIDATION_ERROR', MAIL_MESSAGES.headerInjection);
  const isHtml = rendered ? rendered.isHtml || looksLikeHtml(content) : looksLikeHtml(content);

  const id = randomUUID();
  const email: NewEmail = {
    id,
    userId,
    emailAccountId: account.id,
    templateId,
    apiKeyId: input.apiKeyId,
    fromEmail: account.email,
    fromName: account.displayName || null,
    to,
    cc,
    bcc,
    subject,
    body: content,
    isHtml,
    links: isHtml ? extractLinks(content) : [],
    status: scheduledAt ? 'scheduled' : 'queued',
    messageId: `<${id}@mailwright>`,
    timezone,
    scheduledAt,
    quotaMonth: quotaMonth(),
  };

  const idempotency = input.idempotencyKey && bodyHash ? { key: input.idempotencyKey, bodyHash } : null;
  let stored = await storeEmail(ctx, email, entitlements.emailLimit, idempotency);
  if (stored.kind === 'quota_exceeded') {
    const current = await ctx.entitlements.get(userId, { fresh: true });
    if (current.emailLimit !== entitlements.emailLimit) {
      entitlements = current;
      stored = await storeEmail(ctx, email, entitlements.emailLimit, idempotency);
    }
  }
  if (stored.kind === 'quota_exceeded') {
    throw new AppError('QUOTA_EXCEEDED', quotaExceededMessage(entitlements.plan, entitlements.emailLimit));
  }
  if (stored.kind === 'replay') return checkReplay(stored.seen, bodyHash as string);
  await ctx.sendProducer.enqueue(stored.row);
  return { statusCode: 201, email: serializeEmail(stored.row), replayed: false };
}

async function replayIfSeen(ctx: MailContext, userId: string, key: string, bodyHash: string): Promise<SendEmailResult | null> {
  const seen = await findIdempotency(ctx.pool, userId, key);
  return seen ? checkReplay(seen, bodyHash) : null;
}

function checkReplay(seen: { bodyHash: string; statusCode: number; response: unknown }, bodyHash: string): SendEmailResult {
  if (seen.bodyHash !== bodyHash) {
    throw new AppError('CONFLICT', MAIL_MESSAGES.idempotencyConflict, { code: 'IDEMPOTENCY_KEY_REUSED' });
  }
  return { statusCode: seen.statusCode, email: seen.response as EmailLog, replayed: true };
}
