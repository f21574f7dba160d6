// DATA: the message as submitted goes to the mail service's accept path; the client hears 250 only once it is stored.
import type { AcceptedSmtpMessage } from '@mailwright/contracts';
import type { IntakeDeps } from '../deps';
import { mailErrorReply } from './mail-error-reply';
import type { SignedIn } from './sign-in';

export interface Submission {
  user: Pick<SignedIn, 'apiKeyId' | 'userId'>;
  mailFrom: string;
  recipients: string[];
  raw: Buffer;
  sessionId: string;
}

export async function submitMessage(deps: Pick<IntakeDeps, 'mail'>, submission: Submission): Promise<AcceptedSmtpMessage> {
  try {
    return await deps.mail.accept({
      userId: submission.user.userId,
      apiKeyId: submission.user.apiKeyId,
      mailFrom: submission.mailFrom,
      recipients: submission.recipients,
      raw: submission.raw.toString('base64'),
      sessionId: submission.sessionId,
    });
  } catch (error) {
    throw mailErrorReply(error);
  }
}
