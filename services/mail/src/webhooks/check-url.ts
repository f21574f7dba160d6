// Webhook URL rules at create/update time (the worker checks again at delivery time).
import { WEBHOOK_MESSAGES } from '@mailwright/contracts';
import { AppError, checkPublicUrl, TargetError } from '@mailwright/kit';

export async function checkWebhookUrl(url: string, allowPrivate: boolean): Promise<string> {
  try {
    return (await checkPublicUrl(url, { allowPrivate })).toString();
  } catch (error) {
    if (!(error instanceof TargetError)) throw error;
    const message =
      error.problem === 'private'
        ? WEBHOOK_MESSAGES.urlPrivate
        : error.problem === 'unresolvable'
          ? WEBHOOK_MESSAGES.urlUnresolvable
          : WEBHOOK_MESSAGES.urlInvalid;
    throw new AppError('VALIDATION_ERROR', message);
  }
}
