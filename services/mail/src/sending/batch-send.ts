// POST /emails/api/batch: up to 100 emails, each checked on its own (schema, rules, account, template,
// attachments). The valid ones are stored together: their quota units are taken in one statement for all of
// them or none, so a batch never half-sends at the limit, and they share send jobs. Invalid ones are reported by index.
// Together they hold at most what one request may carry, templates filled in (batch-content.ts).
// The Resend-compatible batch adds two options: strict (one invalid email refuses the whole batch, nothing stored)
// and an Idempotency-Key covering the whole batch (claimed in the batch's transaction, replayed for 24 hours).
import { type BatchItemResult, MAIL_MESSAGES, type SendEmailBody } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { findIdempotency } from '../db/queries/idempotency';
import { findEmails } from '../db/queries/list-emails';
import type { EmailRow } from '../db/schema/emails';
import type { AcceptResult } from '../outbox/accept-types';
import { serializeEmail } from '../outbox/serialize-email';
import { acceptEvents } from './accept-events';
import { requireApiAccess } from './api-access';
import { BatchContent } from './batch-content';
import type { SendingDeps } from './deps';
import { buildEmail, type CheckedBody, checkSendBody, hasUrlAttachments } from './prepare-email';
import { remainingQuota } from './remaining-quota';
import { sendBodyOf } from './send-body-schema';
import { storeWithinQuota } from './store-within-quota';

export interface BatchResult {
  data: BatchItemResult[];
  accepted: number;
  rejected: number;
  /** True when this is the stored answer to an earlier batch with the same Idempotency-Key. */
  replayed: boolean;
}

export interface BatchOptions {
  requestId?: string;
  /** One invalid email refuses the batch (its error, prefixed with its index); nothing is stored. */
  strict?: boolean;
  /** bodyHash: the hash of the request as the caller received it (request-hash.ts). */
  idempotency?: { key: string; bodyHash: string } | null;
}

/** What a retry with the batch's Idempotency-Key replays: the stored email ids and the refusals, by index. */
type StoredBatchAnswer = Array<{ index: number; id: string } | { index: number; error: { message: string; code: string } }>;

/**
 * The request checks that need no lookup: the body, or the error that rejects the item. An item that is already an
 * AppError is a payload the caller's own checks refused (the Resend translation): it is reported like the others.
 */
function checkItem(item: unknown): { body: SendEmailBody; checked: CheckedBody } {
  if (item instanceof AppError) throw item;
  const body = sendBodyOf(item);
  return { body, checked: checkSendBody(body) };
}

function quotaError(plan: string, limit: number, remaining: number, wanted: number): AppError {
  return new AppError('QUOTA_EXCEEDED', MAIL_MESSAGES.batchQuotaExceeded(plan, limit, remaining, wanted));
}

const refusalOf = (error: unknown) =>
  error instanceof AppError
    ? { message: error.message, code: error.code }
    : { message: 'This email could not be accepted', code: 'INTERNAL_ERROR' };

const indexed = (error: AppError, index: number) =>
  new AppError(error.code, `emails[${index}]: ${error.message}`, {
    status: error.statusCode,
    details: { ...error.details, index },
  });

export async function batchSend(
  deps: SendingDeps,
  userId: string,
  apiKeyId: string | null,
  items: unknown[],
  options: BatchOptions = {},
): Promise<BatchResult> {
  const { requestId, idempotency = null } = options;
  let entitlements = await requireApiAccess(deps, userId, requestId);
  if (idempotency) {
    const seen = await findIdempotency(deps.db.$client, userId, idempotency.key);
    if (seen) return replayBatch(deps, userId, seen, idempotency.bodyHash);
  }

  const checks = items.map((item): ReturnType<typeof checkItem> | Error => {
    try {
      return checkItem(item);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  });
  const passing = checks.filter((check): check is ReturnType<typeof checkItem> => !(check instanceof Error));
  if (options.strict) {
    const index = checks.findIndex((check) => check instanceof Error);
    const error = checks[index];
    if (error instanceof AppError) throw indexed(error, index);
    if (error) throw error;
  }
  // Items that would download attachments: the quota is checked first, so a batch that cannot fit fetches nothing.
  if (passing.some((check) => hasUrlAttachments(check.body))) {
    let remaining = await remainingQuota(deps, userId, entitlements.emailLimit);
    if (remaining < passing.length) {
      // A plan bought seconds ago must count before the batch is refused.
      entitlements = await deps.entitlements.get(userId, { fresh: true, requestId });
      remaining = await remainingQuota(deps, userId, entitlements.emailLimit);
    }
    if (remaining < passing.length) throw quotaError(entitlements.plan, entitlements.emailLimit, remaining, passing.length);
  }
  // One download budget and one content budget for the whole batch: its emails take turns and share the request's.
  const downloads = deps.attachmentDownloads.forRequest();
  const content = new BatchContent(checks.length);
  const outcomes = await Promise.allSettled(
    checks.map(async (check, index) => {
      try {
        if (check instanceof Error) throw check;
        return await buildEmail(
          deps,
          userId,
          apiKeyId,
          check.body,
          check.checked,
          { downloads, content: content.of(index) },
          requestId,
        );
      } finally {
        content.settle(index);
      }
    }),
  );
  if (options.strict) {
    const index = outcomes.findIndex((outcome) => outcome.status === 'rejected');
    const reason = index === -1 ? null : (outcomes[index] as PromiseRejectedResult).reason;
    if (reason instanceof AppError) throw indexed(reason, index);
    if (reason) throw reason;
  }
  const valid = outcomes.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [{ index, built: outcome.value }] : []));

  let rows = new Map<number, EmailRow>();
  if (valid.length > 0) {
    const built = valid.map((item) => item.built);
    const answer = (stored: EmailRow[]) => ({
      statusCode: 207,
      response: outcomes.map((outcome, index): StoredBatchAnswer[number] => {
        const position = valid.findIndex((item) => item.index === index);
        const row = stored[position];
        if (row) return { index, id: row.id };
        return { index, error: refusalOf(outcome.status === 'rejected' ? outcome.reason : null) };
      }),
    });
    const store = (monthlyLimit: number) =>
      deps.outbox.accept(built, {
        monthlyLimit,
        requestId,
        allOrNothing: true,
        idempotency: idempotency ? { ...idempotency, answer } : null,
      });
    let stored: AcceptResult;
    ({ stored, entitlements } = await storeWithinQuota(deps, userId, entitlements, store, requestId));
    if (stored.kind === 'replay') return replayBatch(deps, userId, stored.seen, (idempotency as { bodyHash: string }).bodyHash);
    if (stored.kind !== 'stored') {
      const remaining = await remainingQuota(deps, userId, entitlements.emailLimit);
      throw quotaError(entitlements.plan, entitlements.emailLimit, remaining, valid.length);
    }
    rows = new Map(stored.rows.map((row, position) => [valid[position]?.index as number, row]));
    const events = acceptEvents(stored.rows);
    if (events.length > 0) void deps.webhooks.emit(events);
  }

  const data: BatchItemResult[] = outcomes.map((outcome, index) => {
    const row = rows.get(index);
    if (row) return { index, status: 'accepted', id: row.id, data: serializeEmail(row) };
    return { index, status: 'rejected', error: refusalOf(outcome.status === 'rejected' ? outcome.reason : null) };
  });
  if (outcomes.some((o) => o.status === 'rejected' && !(o.reason instanceof AppError))) {
    deps.log.error(
      { errors: outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason) },
      'batch item failed',
    );
  }
  return { data, accepted: rows.size, rejected: items.length - rows.size, replayed: false };
}

/** The first answer of a batch sent with this Idempotency-Key, its emails as they are now. */
async function replayBatch(
  deps: Pick<SendingDeps, 'db'>,
  userId: string,
  seen: { bodyHash: string; response: unknown },
  bodyHash: string,
): Promise<BatchResult> {
  if (seen.bodyHash !== bodyHash) throw new AppError('IDEMPOTENCY_KEY_REUSED', MAIL_MESSAGES.idempotencyConflict);
  const answer = seen.response as StoredBatchAnswer;
  const ids = answer.flatMap((entry) => ('id' in entry ? [entry.id] : []));
  const rows = new Map((await findEmails(deps.db, userId, ids)).map((row) => [row.id, row]));
  const data = answer.map((entry): BatchItemResult => {
    const row = 'id' in entry ? rows.get(entry.id) : undefined;
    if (row) return { index: entry.index, status: 'accepted', id: row.id, data: serializeEmail(row) };
    const error = 'error' in entry ? entry.error : { message: MAIL_MESSAGES.emailNotFound, code: 'NOT_FOUND' };
    return { index: entry.index, status: 'rejected', error };
  });
  const accepted = data.filter((entry) => entry.status === 'accepted').length;
  return { data, accepted, rejected: data.length - accepted, replayed: true };
}
