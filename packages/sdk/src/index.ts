export type { AttachmentInput } from './attachments';
export { toApiAttachment } from './attachments';
export { Mailwright, type MailwrightOptions } from './client';
export type { EmailPage, ListEmailsQuery, ScheduleEmailInput, SendEmailInput, SendOptions } from './emails';
export { MailwrightError, type MailwrightErrorCode } from './errors';
export type { RetryOptions } from './retry';
export type * from './types';
export { type VerifyOptions, verifySignature } from './webhooks';
