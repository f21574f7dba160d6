// The Resend-compatible sends: `from` chooses the sender account, the payload becomes a SendEmailBody, and the
// one accept path (send-email.ts, batch-send.ts) stores it with its quota, idempotency, suppression and jobs.
import { RESEND_MESSAGES, type ResendBatchResponse, ResendSendEmailBody, type ResolvedAccount } from '@mailwright/contracts';
import { AppError, type CallerKind } from '@mailwright/kit';
import { Value } from '@sinclair/typebox/value';
import { requireApiAccess } from '../api-access';
import { batchSend } from '../batch-send';
import type { SendingDeps } from '../deps';
import { requestHash } from '../request-hash';
import { sendBodyOf } from '../send-body-schema';
import { sendEmail } from '../send-email';
import { senderAddressOf } from './resend-address';
import { toSendEmailBody } from './to-send-body';

export interface ResendCaller {
  userId: string;
  callerKind: CallerKind;
  apiKeyId: string | null;
  idempotencyKey: string | null;
  requestId?: string;
}

/** The user's sender account whose address `from` names (422 naming `from` when there is none). */
async function accountOf(
  deps: Pick<SendingDeps, 'accounts'>,
  userId: string,
  from: string,
  requestId?: string,
): Promise<ResolvedAccount> {
  const address = senderAddressOf(from);
  try {
    return await deps.accounts.resolveByEmail(userId, address, requestId);
  } catch (error) {
    if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.statusCode === 400)) {
      throw new AppError('VALIDATION_ERROR', RESEND_MESSAGES.fromUnknown(address), { status: 422, details: { field: 'from' } });
    }
    throw error;
  }
}

/** POST /emails: the new email's id (the first answer's again for a retried Idempotency-Key). */
export async function sendResendEmail(
  deps: SendingDeps,
  caller: ResendCaller,
  payload: ResendSendEmailBody,
): Promise<{ id: string; replayed: boolean }> {
  // The plan rule first: a free plan hears about its plan, not about its payload.
  await requireApiAccess(deps, caller.userId, caller.requestId);
  const account = await accountOf(deps, caller.userId, payload.from, caller.requestId);
  const body = sendBodyOf(toSendEmailBody(payload, account.id));
  const result = await sendEmail(deps, {
    userId: caller.userId,
    callerKind: caller.callerKind,
    apiKeyId: caller.apiKeyId,
    route: 'resend-send',
    body,
    idempotencyKey: caller.idempotencyKey,
    requestId: caller.requestId,
  });
  return { id: result.email.id, replayed: result.replayed };
}

/** One batch item as a SendEmailBody, or the AppError that refuses it (batchSend reports it at its index). */
async function translateItem(
  deps: Pick<SendingDeps, 'accounts'>,
  userId: string,
  item: unknown,
  requestId?: string,
): Promise<unknown> {
  try {
    if (!Value.Check(ResendSendEmailBody, item)) {
      const first = Value.Errors(ResendSendEmailBody, item).First();
      const path = first?.path.slice(1).replace(/\//g, '.') ?? '';
      const missing = first?.message.startsWith('Expected required property');
      if (missing) {
        throw new AppError('VALIDATION_ERROR', RESEND_MESSAGES.missingField(path), {
          status: 422,
          details: { name: 'missing_required_field', field: path },
        });
      }
      throw new AppError('VALIDATION_ERROR', `${path ? `${path}: ` : ''}${first?.message ?? 'Invalid email'}`, { status: 422 });
    }
    const account = await accountOf(deps, userId, item.from, requestId);
    return toSendEmailBody(item, account.id);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/** POST /emails/batch: `strict` refuses the whole batch for one invalid email; `permissive` sends the valid ones. */
export async function sendResendBatch(
  deps: SendingDeps,
  caller: ResendCaller,
  items: unknown[],
  mode: 'strict' | 'permissive',
): Promise<{ body: ResendBatchResponse; replayed: boolean }> {
  await requireApiAccess(deps, caller.userId, caller.requestId);
  const translated = await Promise.all(items.map((item) => translateItem(deps, caller.userId, item, caller.requestId)));
  const idempotency = caller.idempotencyKey
    ? { key: caller.idempotencyKey, bodyHash: requestHash(`resend-batch:${mode}`, items) }
    : null;
  const result = await batchSend(deps, caller.userId, caller.apiKeyId, translated, {
    requestId: caller.requestId,
    strict: mode === 'strict',
    idempotency,
  });
  const data = result.data.flatMap((entry) => (entry.status === 'accepted' ? [{ id: entry.id }] : []));
  if (mode === 'strict') return { body: { data }, replayed: result.replayed };
  const errors = result.data.flatMap((entry) =>
    entry.status === 'rejected' ? [{ index: entry.index, message: entry.error.message }] : [],
  );
  return { body: { data, errors }, replayed: result.replayed };
}
