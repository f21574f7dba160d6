// Accepting an email (POST /emails/send and the public API): validate, resolve the sender account and
// template, then store the email with its quota unit and enqueue its job (the outbox's email store).
import { type EmailLog, MAIL_MESSAGES, quotaExceededMessage, type SendEmailBody } from '@mailwright/contracts';
import { AppError, type CallerKind } from '@mailwright/kit';
import { findIdempotency } from '../db/queries/idempotency';
import type { EmailRow } from '../db/schema/emails';
import { serializeEmail } from '../outbox/serialize-email';
import { acceptEvents } from './accept-events';
import { requireApiAccess } from './api-access';
import { SINGLE_EMAIL_CONTENT } from './batch-content';
import type { SendingDeps } from './deps';
import { buildEmail, checkSendBody, hasUrlAttachments } from './prepare-email';
import { remainingQuota } from './remaining-quota';
import { requestHash } from './request-hash';
import { storeWithinQuota } from './store-within-quota';

export interface SendEmailInput {
  userId: string;
  callerKind: CallerKind;
  apiKeyId: string | null;
  route: string;
  body: SendEmailBody;
  idempotencyKey: string | null;
  /** The gateway's x-request-id, carried into the send job. */
  requestId?: string;
}

export interface SendEmailResult {
  statusCode: number;
  email: EmailLog;
  replayed: boolean;
}

export async function sendEmail(deps: SendingDeps, input: SendEmailInput): Promise<SendEmailResult> {
  const { body, userId, requestId } = input;
  let entitlements =
    input.callerKind === 'api_key'
      ? await requireApiAccess(deps, userId, requestId)
      : await deps.entitlements.get(userId, { requestId });

  const checked = checkSendBody(body);

  const bodyHash = input.idempotencyKey ? requestHash(input.route, body) : null;
  if (input.idempotencyKey && bodyHash) {
    const replay = await replayIfSeen(deps, userId, input.idempotencyKey, bodyHash);
    if (replay) return replay;
  }

  if (hasUrlAttachments(body) && (await remainingQuota(deps, userId, entitlements.emailLimit)) < 1) {
    entitlements = await deps.entitlements.get(userId, { fresh: true, requestId });
    if ((await remainingQuota(deps, userId, entitlements.emailLimit)) < 1) {
      throw new AppError('QUOTA_EXCEEDED', quotaExceededMessage(entitlements.plan, entitlements.emailLimit));
    }
  }
  const shares = { downloads: deps.attachmentDownloads.forRequest(), content: SINGLE_EMAIL_CONTENT };
  const built = await buildEmail(deps, userId, input.apiKeyId, body, checked, shares, requestId);

  const idempotency = input.idempotencyKey && bodyHash ? { key: input.idempotencyKey, bodyHash } : null;
  const store = (monthlyLimit: number) => deps.outbox.accept([built], { monthlyLimit, requestId, idempotency });
  const within = await storeWithinQuota(deps, userId, entitlements, store, requestId);
  const { stored } = within;
  entitlements = within.entitlements;
  if (stored.kind === 'quota_exceeded') {
    throw new AppError('QUOTA_EXCEEDED', quotaExceededMessage(entitlements.plan, entitlements.emailLimit));
  }
  if (stored.kind === 'replay') return checkReplay(stored.seen, bodyHash as string);
  const row = stored.rows[0] as EmailRow;
  const events = acceptEvents([row]);
  if (events.length > 0) void deps.webhooks.emit(events);
  return { statusCode: 201, email: serializeEmail(row), replayed: false };
}

async function replayIfSeen(deps: SendingDeps, userId: string, key: string, bodyHash: string): Promise<SendEmailResult | null> {
  const seen = await findIdempotency(deps.db.$client, userId, key);
  return seen ? checkReplay(seen, bodyHash) : null;
}

function checkReplay(seen: { bodyHash: string; statusCode: number; response: unknown }, bodyHash: string): SendEmailResult {
  if (seen.bodyHash !== bodyHash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', MAIL_MESSAGES.idempotencyConflict);
  }
  return { statusCode: seen.statusCode, email: seen.response as EmailLog, replayed: true };
}
