// A user an operator disabled (`npm run admin -- users disable`) signs in nowhere and their API keys are refused.
import { AppError } from '@mailwright/kit';

export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Contact the operator of this Mailwright installation.';

export function refuseIfDisabled(user: { disabledAt: Date | null }): void {
  if (user.disabledAt !== null) throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE);
}
