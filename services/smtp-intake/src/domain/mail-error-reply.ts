// What the client is told when the mail service refuses or fails to take a message. Refusals the client can only
// fix by changing the message are permanent (5xx); the month's quota and anything the platform itself failed at are
// temporary (4xx), so the client retries, and mail's idempotency (the Message-ID) keeps a retry from sending twice.
import { SMTP_INTAKE_MESSAGES } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { SmtpReply } from './smtp-reply';

export function mailErrorReply(error: unknown): SmtpReply {
  if (!(error instanceof AppError)) return unavailable();
  switch (error.code) {
    case 'QUOTA_EXCEEDED':
      return new SmtpReply(452, '4.2.2', error.message, 'quota');
    case 'RATE_LIMITED':
      return new SmtpReply(451, '4.7.1', error.message, 'rate_limited');
    case 'API_ACCESS_REQUIRED':
    case 'FORBIDDEN':
      return new SmtpReply(550, '5.7.1', error.message, 'api_access');
    case 'NOT_FOUND':
    case 'IDEMPOTENCY_KEY_REUSED':
      return new SmtpReply(550, '5.7.1', error.message, 'refused');
    case 'PAYLOAD_TOO_LARGE':
    case 'ATTACHMENTS_TOO_LARGE':
      return new SmtpReply(552, '5.3.4', error.message, 'too_large');
    case 'UNAUTHORIZED':
      // The intake's own service token was refused: a deployment fault, not the client's.
      return unavailable();
    default:
      // Every other 4xx of mail (VALIDATION_ERROR, UNPROCESSABLE, ATTACHMENT_*, UNSTORABLE_*…) is about the message.
      if (error.statusCode >= 400 && error.statusCode < 500) return new SmtpReply(550, '5.6.0', error.message, 'invalid');
      return unavailable();
  }
}

export const unavailable = () => new SmtpReply(451, '4.3.0', SMTP_INTAKE_MESSAGES.unavailable, 'unavailable');
