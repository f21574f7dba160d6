// SMTP submission (issue 22): the smtp-intake process speaks SMTP to applications and hands each message to the
// mail service's accept path through two internal routes. The intake checks the envelope (who may send as whom,
// how many recipients, how large) before DATA; the mail service decides the rest as it does for the API.
import { type Static, Type } from '@sinclair/typebox';
import { EmailStatus, MAIL_LIMITS } from './mail';

const MB = 1024 * 1024;

export const SMTP_INTAKE_LIMITS = {
  /** The whole message as submitted: the same as a send's request body at the gateway (/api/emails). */
  messageMaxBytes: 16 * MB,
  /** RCPT TO commands per message: the API's to, cc and bcc limits together. */
  recipientsMax: MAIL_LIMITS.recipientsMax * 3,
  /**
   * The message's header block. An application's headers take a few KB; the header parser refuses past 1 MiB, and
   * each reading of a field walks the whole block, so a larger one is refused as malformed before it is read.
   */
  headerMaxBytes: 512 * 1024,
} as const;

/** The header that turns click and open tracking off for one submitted message (`off`; anything else: on). */
export const TRACK_HEADER = 'x-mailwright-track';
/** A retried submission with the same value is not sent twice; without it, the Message-ID decides. */
export const IDEMPOTENCY_HEADER = 'x-mailwright-idempotency-key';

/**
 * `pool+<senderPoolId>@<any domain>` as MAIL FROM and From: send through that sender pool; the From header is
 * then set to the address of the pool's account that sends it.
 */
export const POOL_ADDRESS_PATTERN = /^pool\+([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@[^@\s]+$/i;

/**
 * One address as an SMTP envelope names it (MAIL FROM, RCPT TO): one @, no white space, angle brackets, list
 * separators or control characters (Postgres cannot store a NUL; a peer would refuse the rest), 3–320 characters.
 * Non-ASCII is allowed: the intake speaks SMTPUTF8.
 */
const PLAIN_ADDRESS = /^[^\s\p{Cc}@<>()[\],;:"]+@[^\s\p{Cc}@<>()[\],;:"]+$/u;

export const isPlainAddress = (address: string): boolean =>
  address.length >= 3 && address.length <= 320 && PLAIN_ADDRESS.test(address);

/** POST /internal/smtp/senders: may this API key's owner send as `address` (MAIL FROM or From)? */
export const CheckSmtpSenderBody = Type.Object(
  {
    userId: Type.String({ minLength: 1, maxLength: 64 }),
    address: Type.String({ minLength: 1, maxLength: 320 }),
  },
  { additionalProperties: false },
);
export type CheckSmtpSenderBody = Static<typeof CheckSmtpSenderBody>;

/** 200: the sender account or pool the address names. 404 NOT_FOUND (the message says why) otherwise. */
export const SmtpSender = Type.Object({
  kind: Type.Union([Type.Literal('account'), Type.Literal('pool')]),
  id: Type.String(),
  email: Type.String(),
});
export type SmtpSender = Static<typeof SmtpSender>;

/** POST /internal/smtp/messages: one submitted message, accepted through the same path as POST /emails/api/send. */
export const AcceptSmtpMessageBody = Type.Object(
  {
    userId: Type.String({ minLength: 1, maxLength: 64 }),
    apiKeyId: Type.String({ minLength: 1, maxLength: 64 }),
    /** The envelope sender (MAIL FROM), already checked with /internal/smtp/senders. */
    mailFrom: Type.String({ minLength: 1, maxLength: 320 }),
    /** RCPT TO, in order: the recipients the message is delivered to (Bcc is whoever is not in To or Cc). */
    recipients: Type.Array(Type.String({ minLength: 3, maxLength: 320 }), {
      minItems: 1,
      maxItems: SMTP_INTAKE_LIMITS.recipientsMax,
    }),
    /** The message exactly as submitted (after SMTP dot-unstuffing), base64. */
    raw: Type.String({ minLength: 1, maxLength: Math.ceil((SMTP_INTAKE_LIMITS.messageMaxBytes * 4) / 3) + 4 }),
    /** The SMTP session's id, logged and carried into the send job as the request id. */
    sessionId: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: false },
);
export type AcceptSmtpMessageBody = Static<typeof AcceptSmtpMessageBody>;

/** 201 (stored now) or 200 (`replayed`: a retried submission; the first one's email). */
export const AcceptedSmtpMessage = Type.Object({
  id: Type.String(),
  status: EmailStatus,
  replayed: Type.Boolean(),
});
export type AcceptedSmtpMessage = Static<typeof AcceptedSmtpMessage>;

/** Texts the intake and the mail service answer with; the intake puts them after the SMTP code. */
export const SMTP_INTAKE_MESSAGES = {
  authRequired: 'Authentication required: sign in with an API key as the password',
  authBeforeTls: 'Must issue a STARTTLS command first',
  invalidKey: 'Invalid API key',
  inactiveKey: 'This API key is inactive',
  notYourSender: (address: string) =>
    `${address} is not one of your sender accounts: add it under Email Accounts, or send as pool+<senderPoolId>@ for a sender pool`,
  fromMismatch: (from: string, mailFrom: string) =>
    `The From header (${from}) must be a sender account of yours and match MAIL FROM (${mailFrom}) or be another of your sender accounts`,
  fromMissing: 'The message has no From header',
  fromSeveral: 'The From header must hold exactly one address',
  tooManyRecipients: `Too many recipients: at most ${SMTP_INTAKE_LIMITS.recipientsMax} per message`,
  tooLarge: `Message too large: the limit is ${SMTP_INTAKE_LIMITS.messageMaxBytes / MB} MB`,
  malformed: (reason: string) => `The message could not be read: ${reason}`,
  rateLimited: 'Too many messages for this API key: try again in a minute',
  tooManyConnections: 'Too many connections for this API key: close one and try again',
  unavailable: 'The service is unavailable right now: try again shortly',
} as const;
