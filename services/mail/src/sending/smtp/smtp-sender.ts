// Who an SMTP submission may send as: one of the key owner's sender accounts (by its address), or one of their
// sender pools addressed as pool+<senderPoolId>@ (the pool's account is chosen at delivery and becomes the From).
import {
  isPlainAddress,
  POOL_ADDRESS_PATTERN,
  type ResolvedAccount,
  SMTP_INTAKE_MESSAGES,
  type SmtpSender,
} from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { SendingDeps } from '../deps';
import { resolveSender } from '../resolve-sender';

export interface ResolvedSmtpSender extends SmtpSender {
  /** The account the email records until delivery (a pool's first account). */
  account: ResolvedAccount;
  senderPoolId: string | null;
}

const notYours = (address: string) =>
  new AppError('NOT_FOUND', SMTP_INTAKE_MESSAGES.notYourSender(address), { details: { field: 'from' } });

export async function resolveSmtpSender(
  deps: Pick<SendingDeps, 'accounts'>,
  userId: string,
  address: string,
  requestId?: string,
): Promise<ResolvedSmtpSender> {
  if (!isPlainAddress(address)) throw notYours(address);
  const poolId = POOL_ADDRESS_PATTERN.exec(address)?.[1]?.toLowerCase() ?? null;
  try {
    if (poolId) {
      const { account, senderPoolId } = await resolveSender(deps, userId, { senderPoolId: poolId }, requestId);
      return { kind: 'pool', id: poolId, email: address, account, senderPoolId };
    }
    const account = await deps.accounts.resolveByEmail(userId, address, requestId);
    return { kind: 'account', id: account.id, email: account.email, account, senderPoolId: null };
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) throw notYours(address);
    throw error;
  }
}
