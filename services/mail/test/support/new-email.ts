// A plain email as the send route would build it, for tests that store emails past the routes (the intake).
import { randomUUID } from 'node:crypto';
import type { NewEmail } from '../../src/db/queries/insert-email';
import { sendJobId } from '../../src/queues/send-queue';
import { quotaMonth } from '../../src/sending/quota-month';

export function newEmail(userId: string, accountId: string, changes: Partial<NewEmail> = {}): NewEmail {
  const id = randomUUID();
  return {
    id,
    userId,
    emailAccountId: accountId,
    templateId: null,
    apiKeyId: null,
    fromEmail: 'sender@example.com',
    fromName: null,
    to: ['to@example.net'],
    cc: [],
    bcc: [],
    subject: 'Hello',
    body: 'Body',
    isHtml: false,
    links: [],
    status: 'queued',
    messageId: `<${id}@mailwright>`,
    timezone: null,
    scheduledAt: null,
    quotaMonth: quotaMonth(),
    jobId: sendJobId(id),
    senderPoolId: null,
    suppressed: [],
    unsubscribe: false,
    text: null,
    replyTo: [],
    headers: {},
    tags: [],
    submitted: false,
    tracking: true,
    ...changes,
  };
}
