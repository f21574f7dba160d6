// An SMTP answer other than success: smtp-server sends `responseCode` and the message as the reply line. The
// server's own enhanced status codes are off (they would be chosen by reply code alone, e.g. 5.1.1 for every 550),
// so each reply carries its own, chosen here.
export class SmtpReply extends Error {
  constructor(
    readonly responseCode: number,
    readonly enhancedCode: string,
    readonly text: string,
    /** The rejection reason counted in the metrics (a bounded set of names). */
    readonly reason: string,
  ) {
    super(`${enhancedCode} ${text}`);
    this.name = 'SmtpReply';
  }
}

export const isSmtpReply = (error: unknown): error is SmtpReply => error instanceof SmtpReply;
