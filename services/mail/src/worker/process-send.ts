// The send job: claim the row, send through the account's provider, record the outcome at once.
// Transient failures go back to 'queued' and the job is retried with backoff; permanent ones (and the
// last try) fail the email with the provider's text.
import { randomUUID } from 'node:crypto';
import { type Job, UnrecoverableError } from 'bullmq';
import { isUuid } from '../domain/get-email';
import type { TrackingTokens } from '../domain/tracking-token';
import type { WebhookEvents } from '../domain/webhooks/webhook-events';
import { SEND_ATTEMPTS, type SendJobData } from '../queues/queue-config';
import type { AttachmentLoader } from './attachment-loader';
import type { EmailClaims } from './claim-emails';
import { mailOptions } from './compose-message';
import { SendFailure } from './send-failure';
import type { MessageSender } from './transports/message-sender';
import type { TransportSource } from './transports/transport-source';

export interface SendDeps {
  claims: EmailClaims;
  transports: TransportSource;
  sender: MessageSender;
  tokens: TrackingTokens;
  publicUrl: string;
  /** Attachment bytes stored with the email. */
  attachments?: AttachmentLoader;
  /** email.sent / email.failed webhook events. */
  webhooks?: WebhookEvents;
}

export type SendOutcome = 'sent' | 'skipped';

export function sendProcessor(deps: SendDeps) {
  return async (job: Job<SendJobData>, lockToken?: string): Promise<SendOutcome> => {
    const emailId = job.data?.emailId;
    if (typeof emailId !== 'string' || !isUuid(emailId)) throw new UnrecoverableError('Invalid send job payload');
    const token = `${job.id}:${lockToken ?? randomUUID()}`;
    const email = await deps.claims.claim(emailId, token);
    if (!email) return 'skipped';

    try {
      const [transport, attachments] = await Promise.all([
        deps.transports.get(email.emailAccountId),
        deps.attachments ? deps.attachments.load(emailId) : [],
      ]);
      const options = mailOptions(email, deps.publicUrl, deps.tokens);
      if (attachments.length > 0) options.attachments = attachments;
      await deps.sender.send(transport, options);
    } catch (error) {
      const failure =
        error instanceof SendFailure ? error : new SendFailure(error instanceof Error ? error.message : String(error), false);
      if (failure.isStaleTransport) deps.transports.forget(email.emailAccountId);
      const isLastTry = email.attempts >= SEND_ATTEMPTS || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const isFinal = failure.isPermanent || isLastTry;
      await deps.claims.record({ emailId, token, status: isFinal ? 'failed' : 'queued', error: failure.message });
      if (isFinal) {
        void deps.webhooks?.emit([{ emailId, type: 'email.failed' }]);
        throw new UnrecoverableError(failure.message);
      }
      throw failure;
    }
    await deps.claims.record({ emailId, token, status: 'sent', error: null });
    void deps.webhooks?.emit([{ emailId, type: 'email.sent' }]);
    return 'sent';
  };
}
