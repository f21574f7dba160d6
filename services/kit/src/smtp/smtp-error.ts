// An SMTP session's failure, in the shape of nodemailer's errors (which the mail worker's send-failure.ts and the
// accounts service's settings check read): `code` names the kind (EAUTH, EENVELOPE, EMESSAGE, EADDRESS, ETIMEDOUT,
// ECONNECTION, EPROTOCOL, ETLS), `responseCode` and `response` carry the server's reply when there was one, so a 4xx
// is retried and a 5xx fails the email with the server's own words.
import type { SmtpReply } from './smtp-replies';

export class SmtpError extends Error {
  readonly responseCode: number | undefined;
  readonly response: string | undefined;

  constructor(
    message: string,
    readonly code: string,
    reply?: SmtpReply,
    readonly command?: string,
  ) {
    super(reply ? `${message}: ${reply.text}` : message);
    this.name = 'SmtpError';
    this.responseCode = reply?.code;
    this.response = reply?.text;
  }
}
