// POST /emails/api/batch: up to 100 emails, each checked on its own (schema, rules, account, template,
// attachments). The valid ones are stored together: their quota units are taken in one statement for all of
// them or none, so a batch never half-sends at the limit, and they share send jobs. Invalid ones are reported by index.
import { type BatchItemResult, MAIL_MESSAGES, SendEmailBody } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { Value } from '@sinclair/typebox/value';
import type { EmailRow } from '../db/schema/emails';
import { serializeEmail } from '../outbox/serialize-email';
import { acceptEvents } from './accept-events';
import type { SendingDeps } from './deps';
import { buildEmail, type CheckedBody, checkSendBody, hasUrlAttachments } from './prepare-email';
import { remainingQuota } from './remaining-quota';

export interface BatchResult {
  data: BatchItemResult[];
  accepted: number;
  rejected: number;
}

function schemaError(item: unknown): string | null {
  if (Value.Check(SendEmailBody, item)) return null;
  const first = Value.Errors(SendEmailBody, item).First();
  if (!first) return 'Invalid email';
  return first.path ? `${first.path.slice(1).replace(/\//g, '.')}: ${first.message}` : first.message;
}

/** The request checks that need no lookup: the body, or the error that rejects the item. */
function checkItem(item: unknown): { body: SendEmailBody; checked: CheckedBody } {
  const problem = schemaError(item);
  if (problem) throw new AppError('VALIDATION_ERROR', problem);
  const body = item as SendEmailBody;
  return { body, checked: checkSendBody(body) };
}

function quotaError(plan: string, limit: number, remaining: number, wanted: number): AppError {
  return new AppError('QUOTA_EXCEEDED', MAIL_MESSAGES.batchQuotaExceeded(plan, limit, remaining, wanted));
}

export async function batchSend(
  deps: SendingDeps,
  userId: string,
  apiKeyId: string | null,
  items: unknown[],
  requestId?: string,
): Promise<BatchResult> {
  let entitlements = await deps.entitlements.get(userId);
  if (!entitlements.apiAccess) {
    entitlements = await deps.entitlements.get(userId, { fresh: true });
    if (!entitlements.apiAccess) throw new AppError('API_ACCESS_REQUIRED', MAIL_MESSAGES.apiAccessRequired);
  }

  const checks = items.map((item): ReturnType<typeof checkItem> | Error => {
    try {
      return checkItem(item);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  });
  const passing = checks.filter((check): check is ReturnType<typeof checkItem> => !(check instanceof Error));
  // Items that would download attachments: the quota is checked first, so a batch that cannot fit fetches nothing.
  if (passing.some((check) => hasUrlAttachments(check.body))) {
    let remaining = await remainingQuota(deps, userId, entitlements.emailLimit);
    if (remaining < passing.length) {
      // A plan bought seconds ago must count before the batch is refused.
      entitlements = await deps.entitlements.get(userId, { fresh: true });
      remaining = await remainingQuota(deps, userId, entitlements.emailLimit);
    }
    if (remaining < passing.length) throw quotaError(entitlements.plan, entitlements.emailLimit, remaining, passing.length);
  }
  // One download budget for the whole batch: its emails take turns and share the request's bytes.
  const downloads = deps.attachmentDownloads.forRequest();
  const outcomes = await Promise.allSettled(
    checks.map(async (check) => {
      if (check instanceof Error) throw check;
      return buildEmail(deps, userId, apiKeyId, check.body, check.checked, downloads);
    }),
  );
  const valid = outcomes.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [{ index, built: outcome.value }] : []));

  let rows = new Map<number, EmailRow>();
  if (valid.length > 0) {
    const items = valid.map(({ built }) => built);
    const store = (monthlyLimit: number) => deps.outbox.accept(items, { monthlyLimit, requestId, allOrNothing: true });
    let stored = await store(entitlements.emailLimit);
    if (stored.kind !== 'stored') {
      const current = await deps.entitlements.get(userId, { fresh: true });
      if (current.emailLimit !== entitlements.emailLimit) {
        entitlements = current;
        stored = await store(entitlements.emailLimit);
      }
    }
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
    const error = outcome.status === 'rejected' ? outcome.reason : null;
    return {
      index,
      status: 'rejected',
      error:
        error instanceof AppError
          ? { message: error.message, code: error.code }
          : { message: 'This email could not be accepted', code: 'INTERNAL_ERROR' },
    };
  });
  if (outcomes.some((o) => o.status === 'rejected' && !(o.reason instanceof AppError))) {
    deps.log.error(
      { errors: outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason) },
      'batch item failed',
    );
  }
  return { data, accepted: rows.size, rejected: items.length - rows.size };
}
