// POST /emails/api/batch: up to 100 emails, each checked on its own (schema, rules, account, template,
// attachments). The valid ones are stored together: their quota units are taken in one statement for all of
// them or none, so a batch never half-sends at the limit, and they share send jobs. Invalid ones are reported by index.
import { type BatchItemResult, MAIL_MESSAGES, SendEmailBody } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { Value } from '@sinclair/typebox/value';
import { insertAttachments } from '../db/queries/attachments';
import { insertEmail, takeQuota } from '../db/queries/insert-batch';
import type { EmailRow } from '../db/schema/emails';
import type { MailContext } from '../mail-context';
import { assignBatchJobs, enqueueBatchJobs } from './batch-jobs';
import { type BuiltEmail, buildEmail, checkSendBody } from './prepare-email';
import { quotaMonth } from './quota-month';
import { serializeEmail } from './serialize-email';

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

async function prepare(ctx: MailContext, userId: string, apiKeyId: string | null, item: unknown): Promise<BuiltEmail> {
  const problem = schemaError(item);
  if (problem) throw new AppError('VALIDATION_ERROR', problem);
  const body = item as SendEmailBody;
  return buildEmail(ctx, userId, apiKeyId, body, checkSendBody(body));
}

export async function batchSend(
  ctx: MailContext,
  userId: string,
  apiKeyId: string | null,
  items: unknown[],
  requestId?: string,
): Promise<BatchResult> {
  let entitlements = await ctx.entitlements.get(userId);
  if (!entitlements.apiAccess) {
    entitlements = await ctx.entitlements.get(userId, { fresh: true });
    if (!entitlements.apiAccess)
      throw new AppError('FORBIDDEN', MAIL_MESSAGES.apiAccessRequired, { code: 'API_ACCESS_REQUIRED' });
  }

  const outcomes = await Promise.allSettled(items.map((item) => prepare(ctx, userId, apiKeyId, item)));
  const valid = outcomes.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [{ index, built: outcome.value }] : []));

  let rows = new Map<number, EmailRow>();
  if (valid.length > 0) {
    let stored = await store(ctx, valid, entitlements.emailLimit);
    if (!stored) {
      const current = await ctx.entitlements.get(userId, { fresh: true });
      if (current.emailLimit !== entitlements.emailLimit) {
        entitlements = current;
        stored = await store(ctx, valid, entitlements.emailLimit);
      }
    }
    if (!stored) {
      const { rows: usage } = await ctx.pool.query<{ used: number }>(
        'SELECT used FROM mail.quota_usage WHERE user_id = $1 AND month = $2',
        [userId, quotaMonth()],
      );
      const remaining = Math.max(0, entitlements.emailLimit - (usage[0]?.used ?? 0));
      throw new AppError(
        'QUOTA_EXCEEDED',
        MAIL_MESSAGES.batchQuotaExceeded(entitlements.plan, entitlements.emailLimit, remaining, valid.length),
        { code: 'QUOTA_EXCEEDED' },
      );
    }
    rows = stored;
    await enqueueBatchJobs(
      ctx.sendProducer,
      [...rows.values()].map((row) => ({ row, requestId: requestId ?? null })),
    );
    const scheduled = [...rows.values()].filter((row) => row.status === 'scheduled');
    if (scheduled.length > 0)
      void ctx.webhooks.emit(scheduled.map((row) => ({ emailId: row.id, type: 'email.scheduled' as const })));
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
          ? { message: error.message, code: (error.details.code as string | undefined) ?? error.code }
          : { message: 'This email could not be accepted', code: 'INTERNAL_ERROR' },
    };
  });
  if (outcomes.some((o) => o.status === 'rejected' && !(o.reason instanceof AppError))) {
    ctx.log.error(
      { errors: outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason) },
      'batch item failed',
    );
  }
  return { data, accepted: rows.size, rejected: items.length - rows.size };
}

/** Rows by batch index, or null when the quota cannot take them all. */
async function store(
  ctx: MailContext,
  valid: Array<{ index: number; built: BuiltEmail }>,
  monthlyLimit: number,
): Promise<Map<number, EmailRow> | null> {
  const client = await ctx.pool.connect();
  try {
    await client.query('BEGIN');
    const first = valid[0]?.built.email as BuiltEmail['email'];
    if (!(await takeQuota(client, first.userId, first.quotaMonth, valid.length, monthlyLimit))) {
      await client.query('ROLLBACK');
      return null;
    }
    const rows = new Map<number, EmailRow>();
    const emails = assignBatchJobs(valid.map(({ built }) => built.email));
    for (const [position, { index, built }] of valid.entries()) {
      const row = await insertEmail(client, emails[position] as BuiltEmail['email']);
      await insertAttachments(client, row.id, built.attachments);
      rows.set(index, row);
    }
    await client.query('COMMIT');
    return rows;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
